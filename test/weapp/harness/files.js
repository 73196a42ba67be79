// The files on the phone: WeChat hands out wxfile:// paths (a download, a canvas saved as a picture);
// here they map to a folder of the test file's own.
const path = require('path')
const fs = require('fs')
const os = require('os')
const { settle, fail, later } = require('./callbacks')

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

/**
 * WeChat's chooser of a chat's files, a stand-in (no chat to pick from): hands back `chooser.files`
 * (names of files a test wrote to TEMP_DIR), or is closed when there are none; `chooser.calls` its options.
 */
const chooser = { files: [], calls: [] }
wx.chooseMessageFile = (options) => {
  chooser.calls.push(options)
  if (!chooser.files.length) return later(() => fail(options, 'chooseMessageFile:fail cancel'))
  const tempFiles = chooser.files.map((name) => ({
    path: `http://tmp/${name}`,
    name,
    size: fs.statSync(path.join(TEMP_DIR, name)).size,
    type: 'file',
    time: 0,
  }))
  later(() => settle(options, { tempFiles, errMsg: 'chooseMessageFile:ok' }))
}

module.exports = { TEMP_DIR, localPath, chooser }
