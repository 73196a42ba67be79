import { chmod, mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'

/** What a folder of the centre's data is: its owner's alone, to read, write and enter. */
export const PRIVATE_FOLDER = 0o700
/** What a file of the centre's data is: its owner's alone, to read and write. */
export const PRIVATE_FILE = 0o600

/**
 * Every file and folder this process creates without a mode of its own is its account's alone,
 * whatever umask the shell or the service manager gave it: a server's and a command's first call.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077)
}

const notOurs = (error: { code?: string }) => {
  // A folder another account owns (a mounted disk) keeps the modes its owner chose.
  if (error.code !== 'EPERM') throw error
}

/** Creates `dir` and its missing parents as private folders, or makes an existing one private. */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER })
  await chmod(dir, PRIVATE_FOLDER).catch(notOurs)
}

const gone = (error: { code?: string }) => {
  // Deleted meanwhile by the program that writes the tree: nothing left to protect.
  if (error.code !== 'ENOENT') throw error
}

/**
 * Makes every folder under `dir` private and every file in them, `dir` last: a tree another
 * program writes with modes of its own (PGlite makes its files readable by all), or an older
 * release wrote.
 */
export async function makeTreePrivate(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(gone)
  if (!entries) return
  for (const entry of entries) {
    const item = path.join(dir, entry.name)
    if (entry.isDirectory()) await makeTreePrivate(item)
    else if (entry.isFile()) await chmod(item, PRIVATE_FILE).catch(gone)
  }
  await chmod(dir, PRIVATE_FOLDER).catch(gone)
}
