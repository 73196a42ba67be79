/** Rendered PDFs an instance keeps at most: a centre's staff open a handful within a link's life. */
const MAX_PDFS = 50
/** And their bytes at most: a record with many photos makes a PDF of several megabytes. */
const MAX_BYTES = 64 * 1024 * 1024

export interface RenderedPdf {
  bytes: Buffer
  name: string
}

export interface PdfCache<T extends RenderedPdf> {
  /**
   * The PDF of a link (by its token): the one rendered for it while the link opens, else what
   * `render` makes, kept until `expires` (milliseconds since 1970).
   */
  of(token: string, expires: number, render: () => Promise<T>, now?: number): Promise<T>
}

/**
 * The PDFs this instance rendered for links that still open: a link opened again (a retried
 * download, a forwarded link) is answered without reading and drawing the record again. Each
 * instance keeps its own; past the bounds, the oldest go first.
 */
export function pdfCache<T extends RenderedPdf = RenderedPdf>({
  maxPdfs = MAX_PDFS,
  maxBytes = MAX_BYTES,
} = {}): PdfCache<T> {
  const entries = new Map<string, { pdf: Promise<T>; expires: number; size: number }>()
  let bytes = 0
  const drop = (token: string) => {
    bytes -= entries.get(token)?.size ?? 0
    entries.delete(token)
  }
  const trim = (now: number) => {
    for (const [token, entry] of entries) if (entry.expires <= now) drop(token)
    // A map iterates in insertion order: the oldest first.
    for (const token of entries.keys()) {
      if (entries.size <= maxPdfs && bytes <= maxBytes) break
      drop(token)
    }
  }
  return {
    of(token, expires, render, now = Date.now()) {
      const kept = entries.get(token)
      if (kept && kept.expires > now) return kept.pdf
      drop(token)
      // Kept while it renders too: opens of the link at the same moment share one rendering.
      const entry = { pdf: render(), expires, size: 0 }
      entries.set(token, entry)
      trim(now)
      entry.pdf.then(
        (pdf) => {
          if (entries.get(token) !== entry) return
          entry.size = pdf.bytes.length
          bytes += entry.size
          trim(now)
        },
        // A refusal (the record was deleted, the font is missing) is not kept.
        () => {
          if (entries.get(token) === entry) drop(token)
        },
      )
      return entry.pdf
    },
  }
}
