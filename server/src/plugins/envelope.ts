import { promisify } from 'node:util'
import zlib from 'node:zlib'
import negotiate from '@fastify/accept-negotiator'
import type { FastifyError, FastifyReply, FastifySchemaValidationError } from 'fastify'
import fp from 'fastify-plugin'
import { AppError, Code, FormInvalidError, isDatabaseUnavailable } from '../errors.js'
import type { WrittenJson } from '../lib/writtenJson.js'
import { fieldErrorMessage } from '@yuezi/contract/forms/messages'
import { formTranslator } from './i18n.js'

declare module 'fastify' {
  interface FastifyReply {
    /** The success envelope of `/api/care/*`. */
    ok<T>(res: T): { code: typeof Code.OK; msg: string; res: T }
    /**
     * Sends the success envelope around a `res` already written as JSON; one kept as WrittenJson
     * goes compressed as the client asks, compressed once.
     */
    okJson(res: string | WrittenJson): FastifyReply | Promise<FastifyReply>
  }
  interface FastifyContextConfig {
    /** The route answers in the upload envelope `{err, message}` instead of `{code, msg, res}`. */
    errEnvelope?: boolean
  }
}

/** The encodings a WrittenJson is kept in, best first: br, which phones' browsers ask for, and gzip. */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip']
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const compress = {
  br: (body: string) =>
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }),
  gzip: (body: string) => gzip(body),
}

const LIMIT_MESSAGES: Record<string, string> = {
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  minimum: 'validation.minimum',
  maximum: 'validation.maximum',
}

/** The first schema violation as a message that names the field and the rule. */
function validationError({ keyword, instancePath, params }: FastifySchemaValidationError, context = 'body'): AppError {
  const path = instancePath.split('/').filter(Boolean)
  if (keyword === 'required') path.push(String(params.missingProperty))
  const field = path.join('.') || context
  if (keyword === 'required' || (keyword === 'minLength' && params.limit === 1)) {
    return new AppError(Code.INVALID_INPUT, 'validation.required', { field })
  }
  if (keyword in LIMIT_MESSAGES) {
    return new AppError(Code.INVALID_INPUT, LIMIT_MESSAGES[keyword], { field, limit: Number(params.limit) })
  }
  if (keyword === 'type')
    return new AppError(Code.INVALID_INPUT, 'validation.type', { field, type: String(params.type) })
  if (keyword === 'format' || keyword === 'pattern')
    return new AppError(Code.INVALID_INPUT, 'validation.format', { field })
  return new AppError(Code.INVALID_INPUT, 'validation.invalid', { field })
}

function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error
  if (error.validation?.length) return validationError(error.validation[0], error.validationContext)
  // Fastify's and its plugins' refusals of a malformed request: bad JSON, wrong content type, …
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(Code.INVALID_INPUT, 'error.badRequest')
  }
  // Anything else is the server's fault. Its message may hold SQL or paths: the log alone keeps what says its kind (loggedError).
  if (isDatabaseUnavailable(error)) return new AppError(Code.INTERNAL, 'error.databaseUnavailable', {}, 503)
  return new AppError(Code.INTERNAL, 'error.internal', {}, 500)
}

/** The one place where every error becomes an envelope in the user's language. */
export default fp(
  async (app) => {
    app.decorateReply('ok', function <T>(this: FastifyReply, res: T) {
      return { code: Code.OK, msg: this.request.t('ok'), res }
    })
    app.decorateReply('okJson', function (this: FastifyReply, res: string | WrittenJson) {
      // A string or a buffer with its JSON type is sent as it is: the route's serializer and
      // preSerialization hooks are for objects, and @fastify/compress leaves an encoded body alone.
      const msg = this.request.t('ok')
      const envelope = (json: string) => `{"code":${Code.OK},"msg":${JSON.stringify(msg)},"res":${json}}`
      this.type('application/json; charset=utf-8')
      if (typeof res === 'string') return this.send(envelope(res))
      this.header('vary', 'accept-encoding')
      const encoding = negotiate(this.request.headers['accept-encoding'] ?? '', ENCODINGS)
      if (!encoding) return this.send(envelope(res.json))
      const key = `${encoding} ${msg}`
      let body = res.compressed.get(key)
      if (!body) {
        res.compressed.set(key, (body = compress[encoding](envelope(res.json))))
        body.catch(() => res.compressed.delete(key))
      }
      return body.then((buffer) => this.header('content-encoding', encoding).send(buffer))
    })

    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const appError = toAppError(error)
      if (appError.code === Code.INTERNAL) request.log.error({ err: error }, 'request failed')
      else request.log.info({ code: appError.code, key: appError.key }, 'request refused')
      // Error envelopes do not match the route's success schema: send them as plain JSON.
      reply.code(appError.httpStatus).serializer(JSON.stringify)
      if (appError instanceof FormInvalidError) {
        // The same messages as the app's, from locales/forms: the first one says what to fix.
        const translate = formTranslator(request.lang)
        const errors = appError.fieldErrors.map((e) => ({ path: e.path, message: fieldErrorMessage(e, translate) }))
        return reply.send({ code: appError.code, msg: errors[0]?.message ?? request.t(appError.key), res: { errors } })
      }
      const message = request.t(appError.key, appError.params)
      if (request.routeOptions.config.errEnvelope) {
        const loggedOut = appError.code === Code.TOKEN_MISSING || appError.code === Code.TOKEN_EXPIRED
        return reply.send({ err: loggedOut ? 401 : appError.code, message })
      }
      return reply.send({ code: appError.code, msg: message, res: appError.res })
    })
  },
  { name: 'envelope', dependencies: ['i18n'] },
)
