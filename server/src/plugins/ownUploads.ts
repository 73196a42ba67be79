import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { signUploadLink, type UploadLinkSettings } from '../services/uploads/link.js'
import { isOwnUpload, uploadReference } from '../services/uploads/store.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether a signature's or photo's value refers to this server's uploads (see isOwnUpload). */
    isOwnUpload(url: string): boolean
  }
  interface FastifyContextConfig {
    /** False when the route's reply schema has no place for an upload: its replies are sent as they are. */
    holdsUploads?: boolean
  }
}

export interface OwnUploadsOptions {
  /** The server's addresses besides the one a request came to: the API address the app builds call. */
  origins: string[]
  links: UploadLinkSettings
}

/** How deep a value's signatures and photos may lie: a form's rows are a few levels down, a hostile body far more. */
const MAX_DEPTH = 16

/**
 * Every string of a JSON value through `change`, copying only the arrays and objects that hold one
 * that changed: every reply passes through it, and most hold no upload.
 */
function mapStrings(value: unknown, change: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return change(value)
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const item = mapStrings(value[i], change, depth + 1)
      if (item !== value[i]) (copy ??= value.slice())[i] = item
    }
    return copy ?? value
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  const record = value as Record<string, unknown>
  let copy: Record<string, unknown> | undefined
  for (const key of Object.keys(record)) {
    const item = mapStrings(record[key], change, depth + 1)
    // Defined, not assigned: a key such as __proto__ stays a plain key of the copy.
    if (item !== record[key])
      Object.defineProperty((copy ??= { ...record }), key, {
        value: item,
        writable: true,
        enumerable: true,
        configurable: true,
      })
  }
  return copy ?? value
}

/** The keywords whose values are schemas, or lists or maps of schemas. */
const SUBSCHEMAS = ['properties', 'patternProperties', 'additionalProperties', 'items', 'anyOf', 'oneOf', 'allOf']
/** The keywords that say what a value is: a schema with none of them takes a value of any shape. */
const SHAPES = ['type', 'const', 'enum', 'anyOf', 'oneOf', 'allOf', '$ref', 'not']

/**
 * Whether a reply schema has a place for an upload's address: a string marked `x-upload` (the
 * contract's Upload), or a value of any shape (a record's data, which may hold photos).
 */
export function holdsUploads(schema: unknown): boolean {
  if (schema === true) return true
  if (schema === null || typeof schema !== 'object') return false
  if (Array.isArray(schema)) return schema.some(holdsUploads)
  const keywords = schema as Record<string, unknown>
  if (keywords['x-upload'] === true || !SHAPES.some((shape) => shape in keywords)) return true
  return SUBSCHEMAS.some((keyword) => {
    const value = keywords[keyword]
    if (keyword === 'properties' || keyword === 'patternProperties')
      return value !== null && typeof value === 'object' && Object.values(value).some(holdsUploads)
    return value !== undefined && holdsUploads(value)
  })
}

/**
 * A save's signatures and photos may be only this server's uploads, whichever of its addresses a
 * device uses; records keep them as `/uploads/<name>`, and every reply to a signed-in staff member
 * hands them out as links signed for her in her site, which open without a session for a few
 * minutes while she is still the site's.
 */
export default fp<OwnUploadsOptions>(
  async (app, { origins, links }) => {
    const originsOf = (request: FastifyRequest) => [`${request.protocol}://${request.host}`, ...origins]
    app.decorateRequest('isOwnUpload', function (this: FastifyRequest, url: string) {
      return isOwnUpload(url, originsOf(this))
    })

    // A route without reply schemas is walked whatever it answers.
    app.addHook('onRoute', (route) => {
      const replies = route.schema?.response
      if (replies) route.config = { ...route.config, holdsUploads: holdsUploads(Object.values(replies)) }
    })

    // A save sends back the signed links it was shown: the record keeps the reference, not the link.
    app.addHook('preValidation', async (request) => {
      if (!request.body || typeof request.body !== 'object') return
      const own = originsOf(request)
      request.body = mapStrings(request.body, (text) =>
        text.includes('/uploads/') ? (uploadReference(text, own) ?? text) : text,
      )
    })

    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (!request.session || request.routeOptions.config.holdsUploads === false) return payload
      const own = originsOf(request)
      const { siteId, accountId } = request.session
      return mapStrings(payload, (text) => {
        const reference = text.includes('/uploads/') ? uploadReference(text, own) : undefined
        if (!reference) return text
        const name = reference.slice('/uploads/'.length)
        return `${own[0]}${reference}?link=${signUploadLink(links, name, { siteId, accountId })}`
      })
    })
  },
  { name: 'ownUploads' },
)
