import dayjs from 'dayjs'
import type { FormData } from './types.js'
import { DATE_FORMAT, isValidDate } from './dates.js'

const asDate = (value: unknown) =>
  typeof value === 'string' && isValidDate(value.slice(0, 10)) ? dayjs(value.slice(0, 10)) : null

/** Whole days from `from` to `to` (both YYYY-MM-DD…); null when either is missing. */
export function daysBetween(from: unknown, to: unknown): number | null {
  const a = asDate(from)
  const b = asDate(to)
  return a && b ? b.diff(a, 'day') : null
}

/** `start` plus `days` days, as YYYY-MM-DD. */
export function addDays(start: unknown, days: unknown): string | null {
  const a = asDate(start)
  return a && typeof days === 'number' && Number.isInteger(days) ? a.add(days, 'day').format(DATE_FORMAT) : null
}

/** Money arithmetic in fen, so 0.1 + 0.2 is 0.3. */
export const toFen = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : 0
export const fromFen = (fen: number) => fen / 100

export function product(price: unknown, quantity: unknown): number | null {
  if (typeof price !== 'number' || typeof quantity !== 'number') return null
  return fromFen(Math.round(toFen(price) * quantity))
}

export function sumOf(rows: unknown, key: string): number {
  if (!Array.isArray(rows)) return 0
  return fromFen(rows.reduce((n, row: FormData) => n + toFen(row?.[key]), 0))
}
