/**
 * The origin (`scheme://host[:port]`, lower case) of an http(s) address, or ''
 * for anything else. Parsed by hand: the mini program has no URL class.
 */
export function originOf(url: string): string {
  const match = /^(https?):\/\/([^/?#\s]+)/i.exec(url.trim())
  return match ? `${match[1]}://${match[2]}`.toLowerCase() : ''
}

/** Only addresses whose origin is exactly one of the configured ones may be opened. */
export function isAllowedUrl(url: string, allowedOrigins: string[]): boolean {
  const origin = originOf(url)
  return origin !== '' && allowedOrigins.some((allowed) => originOf(allowed) === origin)
}
