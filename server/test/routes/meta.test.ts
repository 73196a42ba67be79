import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { startApp } from '../helpers.js'

let app: FastifyInstance
before(async () => {
  app = await startApp()
})
after(() => app.close())

describe('the API itself', () => {
  it('answers health and readiness', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const response = await app.inject(url)
      assert.equal(response.statusCode, 200, url)
      assert.deepEqual(response.json(), { code: 1, msg: '成功', res: null }, url)
    }
  })

  it('serves its OpenAPI document', async () => {
    const response = await app.inject('/api/openapi.json')
    assert.equal(response.statusCode, 200)
    const document = response.json()
    assert.match(document.openapi, /^3\./)
    const login = document.paths['/api/care/account/login_old'].post
    assert.deepEqual(login.requestBody.content['application/json'].schema.required, ['account', 'password'])
    assert.ok(document.paths['/api/care/customer/index'])
    assert.ok(document.paths['/api/admin/oss/upload'].post.requestBody.content['multipart/form-data'])
  })

  it('documents each reply in a form its serializer writes without a validator', async () => {
    const document = (await app.inject('/api/openapi.json')).json()
    const unions: string[] = []
    const walk = (schema: unknown, at: string) => {
      if (typeof schema !== 'object' || schema === null) return
      const { anyOf } = schema as { anyOf?: { type?: string; const?: unknown }[] }
      if (anyOf?.some((option) => option.type === 'null' || option.const !== undefined)) unions.push(at)
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`)
    }
    for (const [url, methods] of Object.entries<Record<string, { responses: unknown }>>(document.paths))
      for (const operation of Object.values(methods)) walk(operation.responses, url)
    assert.deepEqual(unions, [])
    const board = document.paths['/api/care/room/board'].post.responses['200'].content['application/json'].schema
    const room = board.properties.res.properties.floors.items.properties.rooms.items
    assert.equal(room.properties.occupant.nullable, true)
    assert.deepEqual(room.properties.state.enum, ['in_use', 'arriving', 'free', 'out_of_service'])
  })
})
