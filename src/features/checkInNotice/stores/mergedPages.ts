import type { FormRecord, Page } from '@/api/types'
import type { FetchPage } from '@/stores/pagedList'

/** One source of records, newest first, read page by page. */
export type SourcePage = (page: number, limit: number) => Promise<Page<FormRecord>>

/** Newest first, as the server sorts: created_at, then id. */
const newer = (a: FormRecord, b: FormRecord) =>
  a.created_at === b.created_at ? a.id > b.id : a.created_at > b.created_at

interface Cursor {
  source: SourcePage
  buffer: FormRecord[]
  page: number
  total: number
  done: boolean
}

/**
 * Pages of several record lists merged into one, newest first (the check-in notices of both
 * kinds): each source is read a page at a time, as far as the merged page needs. Pages must be
 * asked for in order (1, 2, …); page 1 starts again.
 */
export function mergedPages(sources: SourcePage[]): FetchPage<FormRecord> {
  let cursors: Cursor[] = []
  return async (page, limit) => {
    if (page === 1) cursors = sources.map((source) => ({ source, buffer: [], page: 0, total: 0, done: false }))
    const taken: [Cursor, FormRecord][] = []
    try {
      while (taken.length < limit) {
        await Promise.all(
          cursors
            .filter((c) => c.buffer.length === 0 && !c.done)
            .map(async (c) => {
              const result = await c.source(c.page + 1, limit)
              c.page += 1
              c.total = result.total
              c.buffer.push(...result.list)
              if (result.list.length < limit || c.page * limit >= result.total) c.done = true
            }),
        )
        const ready = cursors.filter((c) => c.buffer.length > 0)
        if (ready.length === 0) break
        const next = ready.reduce((a, b) => (newer(b.buffer[0], a.buffer[0]) ? b : a))
        taken.push([next, next.buffer.shift()!])
      }
    } catch (error) {
      // Put back what this page took, so that a retry of it gives the same rows.
      for (const [cursor, record] of taken.reverse()) cursor.buffer.unshift(record)
      throw error
    }
    return { list: taken.map(([, record]) => record), total: cursors.reduce((n, c) => n + c.total, 0) }
  }
}
