/** How deep a chain of causes is followed (Drizzle wraps the driver's error, which may wrap a socket's). */
const CAUSES_MAX = 5

/** The names the database gives of where an error arose: its schema's, never a row's values. */
const DATABASE_NAMES = ['table', 'column', 'constraint', 'routine'] as const

/** The table a statement changes (`on conflict do update set` names none), else the first one it reads. */
const CHANGED = /\b(insert\s+into|update|delete\s+from)\s+(?!set\b)"?([a-z_][\w$]*)/i
const READ = /\bfrom\s+"?([a-z_][\w$]*)/i

/**
 * What a statement does and to which table (`insert form_records`), from its SQL: the values travel
 * apart from it as parameters, and only a verb and a table's name are kept.
 */
export function statementOf(query: string): string {
  const changed = CHANGED.exec(query)
  if (changed) return `${changed[1].split(/\s/)[0].toLowerCase()} ${changed[2]}`
  const read = READ.exec(query)
  return read ? `select ${read[1]}` : (/^\s*([a-z]+)/i.exec(query)?.[1].toLowerCase() ?? 'statement')
}

/** A statement's error as Drizzle wraps the driver's: it holds the SQL and its values. */
const isFailedQuery = (error: Error): error is Error & { query: string } =>
  typeof (error as { query?: unknown }).query === 'string'

/** The driver's error of a statement the database refused: its message and detail may quote the values. */
const isDatabaseError = (error: Error) => typeof (error as { severity?: unknown }).severity === 'string'

/** An error as the log keeps it: the fields Fastify's logger expects of `err`, and the details of loggedError. */
export interface LoggedError {
  type: string
  message: string
  stack: string
  [detail: string]: unknown
}

/** The message of an error from the database, in its place. */
const WITHHELD = 'withheld: a database error quotes the values'

/**
 * The log's `err` (the logger's serializer): the error's kind, its code (a PostgreSQL SQLSTATE, a
 * system error's name), the statement and the schema names of a database error, and the stack's
 * frames, with its causes. The text of an error from the database is never kept: Drizzle's holds
 * the statement's values, the driver's may quote them (names, phones, ID numbers, password hashes).
 */
export function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' }
  const fromDatabase = isFailedQuery(error) || isDatabaseError(error)
  const logged: LoggedError = {
    type: error.constructor.name,
    message: fromDatabase ? WITHHELD : error.message,
    // The frames only: the stack's first line repeats the message.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  }
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' || typeof code === 'number') logged.code = code
  if (isFailedQuery(error)) logged.statement = statementOf(error.query)
  if (isDatabaseError(error)) {
    for (const name of DATABASE_NAMES) {
      const value = (error as Partial<Record<(typeof DATABASE_NAMES)[number], unknown>>)[name]
      if (typeof value === 'string') logged[name] = value
    }
  }
  if (error.cause !== undefined && depth < CAUSES_MAX) logged.cause = loggedError(error.cause, depth + 1)
  return logged
}
