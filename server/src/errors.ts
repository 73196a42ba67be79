import type { FieldError } from '@yuezi/contract/forms/types'

/**
 * Codes of the `/api/care/*` envelope `{code, msg, res}`. 1, -90001, -90002 and -90004 are the
 * app's own (it acts on them); the others are this server's, and the app shows their `msg` as is.
 */
export const Code = {
  OK: 1,
  INVALID_INPUT: -1,
  NOT_FOUND: -2,
  TOO_MANY_ATTEMPTS: -3,
  BAD_CREDENTIALS: -4,
  FORBIDDEN: -5,
  /**
   * The request clashes with what exists: a second record of a one-per-customer form, a second
   * acknowledgement, an order whose status does not allow the change (approving it twice, …), …
   */
  CONFLICT: -6,
  /** The stock does not allow it: a batch has too few on hand, or is past its expiry date (approving an order). */
  STOCK: -7,
  /**
   * A list entry (a room, a product, …) that records refer to cannot be deleted: `res.retire` says
   * that retiring it is what the app offers instead.
   */
  IN_USE: -8,
  /**
   * A new mother's phone or ID number is another mother's of the site: `res.duplicate` names her,
   * whom the app offers instead.
   */
  DUPLICATE_CUSTOMER: -9,
  INTERNAL: -500,
  TOKEN_MISSING: -90001,
  TOKEN_EXPIRED: -90002,
  MUST_CHANGE_PASSWORD: -90004,
} as const

export type Code = (typeof Code)[keyof typeof Code]

/** An error meant for the user: `key` names its message in locales/server, `params` fill it in. */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    /** HTTP status; the envelope answers 200 except for a path that does not exist. */
    readonly httpStatus = 200,
    /** What the app needs to act on the error (e.g. when to try again), sent as `res`. */
    readonly res: unknown = null,
  ) {
    super(key)
  }
}

// What says that the database cannot be reached, as opposed to a query it refused: system errors
// of the socket, SQLSTATE classes 08 (connection exception) and 57P (shut down, starting up), and
// node-postgres's own messages for a connection that broke or never came.
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/

/** Whether the error (or one it wraps: Drizzle wraps the driver's) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (UNREACHABLE_ERRNOS.has(code) || code.startsWith('08') || code.startsWith('57P')))
    return true
  if (UNREACHABLE_MESSAGE.test(error.message)) return true
  // A host name with several addresses fails with one error per address.
  const inner = error instanceof AggregateError ? error.errors : []
  return [error.cause, ...inner].some((e) => isDatabaseUnavailable(e, depth + 1))
}

/**
 * Data refused by a form definition's rules (@yuezi/contract/forms) or by the site's records (a baby of another
 * customer, a room the site does not have): the envelope answers code -1 with the first error's
 * message in `msg` and every error, translated, in `res.errors`.
 */
export class FormInvalidError extends AppError {
  constructor(readonly fieldErrors: FieldError[]) {
    super(Code.INVALID_INPUT, 'form.invalid')
  }
}
