import { accessSync, constants, openSync, readSync, closeSync } from 'node:fs'
import path from 'node:path'

// The CJK font the PDFs embed. A collection (.ttc) holds several fonts: PDFs use its first one,
// which pdfkit finds by its PostScript name, read here from the file's name table.

export interface PdfFont {
  file: string
  /** The font of a collection to use; undefined for a single font file. */
  postscriptName?: string
}

/** Why the font cannot be used (a sentence for the log), or undefined when it can. */
export function fontProblem(file: string): string | undefined {
  try {
    accessSync(file, constants.R_OK)
  } catch {
    return `PDFs need a CJK font: ${file} cannot be read (Debian: apt-get install fonts-wqy-microhei, or set PDF_FONT to a .ttf/.otf/.ttc file)`
  }
  if (/\.ttc$/i.test(file) && !firstPostscriptName(file))
    return `PDF_FONT ${file} is not a font collection that can be read`
  return undefined
}

export function pdfFont(file: string): PdfFont {
  return /\.ttc$/i.test(file) ? { file, postscriptName: firstPostscriptName(file) } : { file }
}

const read = (fd: number, offset: number, length: number) => {
  const buffer = Buffer.alloc(length)
  readSync(fd, buffer, 0, length, offset)
  return buffer
}

/** The PostScript name (name id 6) of a collection's first font. */
function firstPostscriptName(file: string): string | undefined {
  let fd: number | undefined
  try {
    fd = openSync(path.resolve(file), 'r')
    const header = read(fd, 0, 16)
    if (header.toString('latin1', 0, 4) !== 'ttcf') return undefined
    const fontOffset = header.readUInt32BE(12)
    const numTables = read(fd, fontOffset + 4, 2).readUInt16BE(0)
    const tables = read(fd, fontOffset + 12, numTables * 16)
    for (let i = 0; i < numTables; i++) {
      if (tables.toString('latin1', i * 16, i * 16 + 4) !== 'name') continue
      const tableOffset = tables.readUInt32BE(i * 16 + 8)
      const name = read(fd, tableOffset, tables.readUInt32BE(i * 16 + 12))
      const count = name.readUInt16BE(2)
      const strings = name.readUInt16BE(4)
      for (let r = 0; r < count; r++) {
        const at = 6 + r * 12
        const [platform, , , nameId, length, offset] = [0, 2, 4, 6, 8, 10].map((o) => name.readUInt16BE(at + o))
        if (nameId !== 6) continue
        const bytes = name.subarray(strings + offset, strings + offset + length)
        // Windows names are UTF-16BE, Macintosh ones single bytes.
        return platform === 3 ? bytes.swap16().toString('utf16le') : bytes.toString('latin1')
      }
    }
    return undefined
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
