import { chmod, readFile, writeFile } from 'node:fs/promises'

/**
 * Sets `name` in the install's settings file (.env): its line replaced, or added at the end; the
 * file, which holds secrets, readable by its owner alone.
 */
export async function setInstallSetting(file: string, name: string, value: string): Promise<void> {
  const text = await readFile(file, 'utf8').catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return ''
    throw error
  })
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  const line = `${name}=${value}`
  const at = lines.findIndex((existing) => existing.startsWith(`${name}=`))
  if (at >= 0) lines[at] = line
  else lines.push(line)
  await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 })
  await chmod(file, 0o600)
}
