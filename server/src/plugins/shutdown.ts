import fp from 'fastify-plugin'
import { Code } from '../errors.js'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts this instance's way out: it says it is not ready (the load balancer stops sending it
     * new requests) and closes each connection after its reply, while it still serves what comes.
     */
    drain(): void
  }
}

/** The readiness check that a load balancer asks before sending an instance requests. */
const READY_PATH = '/api/ready'

export default fp(
  async (app) => {
    let draining = false
    app.decorate('drain', () => {
      draining = true
    })
    app.addHook('onRequest', async (request, reply) => {
      if (draining && request.url === READY_PATH) {
        return reply.code(503).send({ code: Code.INTERNAL, msg: request.t('error.shuttingDown'), res: null })
      }
    })
    // No connection stays open to be reused once the instance stops listening: a request sent on
    // one then would find it closed.
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close')
    })
  },
  { name: 'shutdown', dependencies: ['i18n'] },
)
