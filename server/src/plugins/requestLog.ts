import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

export const REQUEST_ID_HEADER = 'x-request-id'

/** An id as proxies and clients make them (a UUID, nginx's hex id): short, of letters, digits and . _ : -. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

/**
 * The request's id: the one a proxy in front sent (so that its log and ours name the request
 * alike), if it looks like an id; else a new one. Anything longer or stranger is not taken into
 * the logs and the audit rows.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER]
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID()
}

/**
 * A token in the address: a session's (the PC back-office's `?token=`, any other `token` value), an
 * upload link's (`?link=`), and a PDF's or an exported sheet's link, which is its path.
 */
const TOKEN_IN_QUERY = /([?&](?:token|link)=)[^&#]*/gi
const TOKEN_IN_PATH = /^(\/api\/(?:pdf|sheet)\/)[^/?#]+/

/** The address as the log keeps it: a token anywhere in it is replaced, so that the log never opens a session, a file or a list. */
export function loggedUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1[token]').replace(TOKEN_IN_QUERY, '$1[token]')
}

/** A request as Fastify's own lines (an error of a reply, a failed write) name it, its address without a token. */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** One log line per request, once it is answered (Fastify writes two: when it comes and when it is done). */
export class RequestLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' })
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    }
    // An error here is the reply failing on its way out (the client went away).
    if (error) request.log.warn({ ...line, err: error }, 'request')
    else request.log.info(line, 'request')
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.method}:${loggedUrl(request.url)} not found`)
  }
}

/**
 * Every reply carries its request's id, the log has one line per request with it (RequestLog), and
 * the request's actor carries it (actorOf: the audit row records it): a complaint about one reply
 * leads to its log lines and to the changes it made, whichever instance answered.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id)
    })
  },
  { name: 'requestLog' },
)
