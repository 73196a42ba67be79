// The bench's yardstick: a bare Fastify with one route answering the success envelope, logging
// as the real server does, so that the server section prints each endpoint as a share of it.
// Usage: PORT=… node scripts/bench/bare.mjs
import Fastify from 'fastify'

const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'info' } })
const envelope = { code: 1, msg: '成功', res: null }
app.get('/api/health', async () => envelope)
app.post('/api/bare', async () => envelope)
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST || '127.0.0.1' })
