// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each text file of the H5
// build, which the server then sends as they are (server/src/plugins/static.ts, preCompressed):
// fewer bytes than compressing on the fly at brotli's fast default, and no CPU per request.
// Run it after `taro build --type h5`; without it the server compresses on the fly.
//
//   node --import tsx server/scripts/precompress.ts [h5 dir, default $DIST_DIR/h5 or dist/h5]
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { repoRoot } from '../src/config.js'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** What browsers download as text; images and fonts are compressed already. */
const TEXT = /\.(js|css|html|svg|json|txt)$/
/** Below this a compressed copy saves less than its headers cost (@fastify/compress's threshold too). */
const MIN_BYTES = 1024

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  )
  return nested.flat()
}

/**
 * Writes `file` + extension unless it is there and newer than the file (a build rewrites what
 * changed); a half-written copy is never served. Answers the copy's size.
 */
async function writeCopy(file: string, extension: string, compress: (data: Buffer) => Promise<Buffer>, data: Buffer) {
  const target = file + extension
  const [source, existing] = await Promise.all([stat(file), stat(target).catch(() => undefined)])
  if (existing && existing.mtimeMs >= source.mtimeMs) return existing.size
  const compressed = await compress(data)
  await writeFile(`${target}.tmp`, compressed)
  await rename(`${target}.tmp`, target)
  return compressed.length
}

export async function precompress(h5Dir: string): Promise<{ files: number; bytes: number; compressed: number }> {
  const files = (await filesOf(h5Dir)).filter((file) => TEXT.test(file))
  let bytes = 0
  let compressed = 0
  let count = 0
  // zlib's async calls run on libuv's thread pool: all files at once keep every core busy.
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file)
      if (data.length < MIN_BYTES) return
      count++
      bytes += data.length
      const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length }
      const [br] = await Promise.all([
        writeCopy(file, '.br', (input) => brotli(input, { params }), data),
        writeCopy(file, '.gz', (input) => gzipped(input, { level: 9 }), data),
      ])
      compressed += br
    }),
  )
  return { files: count, bytes, compressed }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const h5Dir = path.resolve(process.argv[2] ?? path.join(process.env.DIST_DIR || path.join(repoRoot, 'dist'), 'h5'))
  const started = Date.now()
  const { files, bytes, compressed } = await precompress(h5Dir)
  console.log(
    `precompressed ${files} files of ${h5Dir}: ${(bytes / 1024).toFixed(0)} KB → ${(compressed / 1024).toFixed(0)} KB brotli ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  )
}
