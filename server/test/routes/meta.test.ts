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
})
