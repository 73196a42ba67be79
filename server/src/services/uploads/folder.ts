import { constants, createReadStream } from 'node:fs'
import { access, readdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { mimeOfName } from '../../lib/images.js'
import { makeTreePrivate, PRIVATE_FILE, privateFolder } from '../../lib/privateFiles.js'
import { STORED_NAME, type UploadStore } from './store.js'

const missing = (error: { code?: string }) => {
  if (error.code === 'ENOENT') return undefined
  throw error
}

/**
 * Uploads in DATA_DIR/uploads: right for one instance, which alone sees them. The folder and every
 * file in it are the server's account's alone; those an older release left readable by all are
 * made private once, when the folder itself still was.
 */
export async function openFolderStore(dataDir: string): Promise<UploadStore> {
  const dir = path.join(dataDir, 'uploads')
  await privateFolder(dataDir)
  const existing = await stat(dir).catch(missing)
  if (existing && existing.mode & 0o077) await makeTreePrivate(dir)
  await privateFolder(dir)
  const fileOf = (name: string) => path.join(dir, name)
  return {
    async put(name, bytes) {
      // wx: a stored name is never written twice.
      await writeFile(fileOf(name), bytes, { flag: 'wx', mode: PRIVATE_FILE })
    },
    async get(name) {
      const file = fileOf(name)
      const found = await stat(file).catch(missing)
      if (!found?.isFile()) return undefined
      return { body: createReadStream(file), mime: mimeOfName(name), size: found.size }
    },
    async exists(name) {
      return Boolean((await stat(fileOf(name)).catch(missing))?.isFile())
    },
    async list() {
      const entries = await readdir(dir, { withFileTypes: true })
      return entries.filter((entry) => entry.isFile() && STORED_NAME.test(entry.name)).map((entry) => entry.name)
    },
    async remove(name) {
      await rm(fileOf(name), { force: true })
    },
    async check() {
      await access(dir, constants.W_OK)
    },
  }
}
