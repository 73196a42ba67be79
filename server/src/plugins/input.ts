import fp from 'fastify-plugin'
import { AppError, Code } from '../errors.js'

/**
 * Text that PostgreSQL cannot store: a NUL character (text columns refuse it) or half of a UTF-16
 * surrogate pair (jsonb refuses it, text columns would silently turn it into �).
 */
// eslint-disable-next-line no-control-regex -- the NUL character is what it looks for
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * How deep a body may nest: far deeper than any of the app's (a form's rows of medicines are five
 * levels), far shallower than what overflows the stack of JSON.stringify, structuredClone or a
 * recursive walk in a handler or a library.
 */
export const MAX_BODY_DEPTH = 64

/**
 * The first value of a validated body that the database cannot take, with the message key that
 * says why: text as above (in a value or a key), or a number beyond the safe integers (no count,
 * amount or id is that big, and as an id it overflows the query), Infinity included: JSON has
 * none, but the schema validator turns the string "1e309" into one and lets it pass as an integer
 * within any bounds; or a value nested past MAX_BODY_DEPTH. Walks without recursion: a body may
 * nest thousands of levels deep.
 */
export function unstorableValue(body: unknown): { field: string; key: string } | undefined {
  const stack: [unknown, string, number][] = [[body, '', 0]]
  while (stack.length) {
    const [value, path, depth] = stack.pop()!
    const field = path || 'body'
    if (typeof value === 'string' && UNSTORABLE_TEXT.test(value)) return { field, key: 'validation.characters' }
    if (typeof value === 'number' && !(Math.abs(value) <= Number.MAX_SAFE_INTEGER))
      return { field, key: 'validation.invalid' }
    if (value !== null && typeof value === 'object') {
      // Named by the first levels only: the path of a value thousands of levels down is as long.
      if (depth >= MAX_BODY_DEPTH) return { field: path.split('.').slice(0, 3).join('.'), key: 'validation.depth' }
      for (const [key, child] of Object.entries(value)) {
        // A bad key is named by where it is: quoting it would put the bad character in the message.
        if (UNSTORABLE_TEXT.test(key)) return { field, key: 'validation.characters' }
        stack.push([child, path ? `${path}.${key}` : key, depth + 1])
      }
    }
  }
  return undefined
}

/** Refuses a body that the database cannot take, naming the field, before any handler sees it. */
export default fp(
  async (app) => {
    app.addHook('preHandler', async (request) => {
      const problem = unstorableValue(request.body)
      if (problem) throw new AppError(Code.INVALID_INPUT, problem.key, { field: problem.field })
    })
  },
  { name: 'input', dependencies: ['envelope'] },
)
