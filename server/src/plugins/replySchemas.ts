import fp from 'fastify-plugin'

/** A JSON schema as the contract's TypeBox builders make it. */
type Schema = { [keyword: string]: unknown }

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A union of string literals (`Type.Union([Type.Literal('a'), …])`): its strings, or undefined. */
function literals(options: unknown[]): string[] | undefined {
  const values = options.map((option) => (isSchema(option) ? option.const : undefined))
  return values.every((value) => typeof value === 'string') ? (values as string[]) : undefined
}

/**
 * The reply schema as fast-json-stringify writes it without running a validator per value: a
 * nullable value (`Nullable`, a union with null) as its own type marked `nullable`, a union of
 * string literals as a string of those values (OpenAPI 3.0's own forms of both). Request schemas
 * keep the contract's unions: Ajv's type coercion reads a union differently.
 */
export function replySchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(replySchema)
  if (!isSchema(value)) return value
  const { anyOf, ...rest } = value
  if (Array.isArray(anyOf)) {
    const options = anyOf.filter(
      (option) => !(isSchema(option) && option.type === 'null' && Object.keys(option).length === 1),
    )
    const nullable = options.length === anyOf.length - 1
    const strings = literals(options)
    if (strings) return { ...mapped(rest), type: 'string', enum: strings, ...(nullable && { nullable: true }) }
    const inner = nullable && options.length === 1 ? replySchema(options[0]) : undefined
    if (isSchema(inner) && typeof inner.type === 'string' && !inner.nullable && !('anyOf' in inner))
      return { ...mapped(rest), ...inner, nullable: true }
  }
  return mapped(value)
}

/** Each keyword's value, schemas within it made reply schemas. */
const mapped = (schema: Schema) =>
  Object.fromEntries(Object.entries(schema).map(([keyword, value]) => [keyword, replySchema(value)]))

/**
 * Every route's reply schemas as replySchema makes them: otherwise the serializer validates each
 * nullable value to choose how to write it, every room's of the room board's 200.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (route.schema?.response) route.schema = { ...route.schema, response: replySchema(route.schema.response) }
    })
  },
  { name: 'replySchemas' },
)
