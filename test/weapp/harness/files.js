// The files on the phone: WeChat hands out wxfile:// paths (a download, a canvas saved as a picture);
// here they map to a folder of the test file's own.
const path = require('path')
const fs = require('fs')
const os = require('os')

const TEMP_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'wt-weapp-files-'))
afterAll(() => fs.rmSync(TEMP_DIR, { recursive: true, force: true }))
const localPath = (filePath) => {
  const name = String(filePath).replace(/^(wxfile:\/\/|http:\/\/tmp\/)/, '')
  return path.isAbsolute(name) ? name : path.join(TEMP_DIR, name)
}

/** The files on the phone: what a download saved, read back. */
wx.getFileSystemManager = () => ({
  readFileSync: (filePath, encoding) => fs.readFileSync(localPath(filePath), encoding),
})

module.exports = { TEMP_DIR, localPath }
