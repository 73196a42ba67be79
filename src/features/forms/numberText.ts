// What is typed in a number box, read as a number. A Chinese keyboard in full-width mode types
// ３６．５ or １，２００: those are the same digits and marks as 36.5 and 1,200.

/** Full-width digits and marks (！ to ～) as their half-width forms, and 。 as the decimal point. */
export function toHalfWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/。/g, '.')
}

/**
 * The value of what is typed: a number when it reads as one (thousands commas allowed), else the
 * text as typed (the rules refuse it); undefined when nothing is typed.
 */
export function readNumber(text: string): number | string | undefined {
  const trimmed = toHalfWidth(text).trim()
  if (trimmed === '') return undefined
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed
  return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : text
}
