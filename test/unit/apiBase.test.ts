// The API base baked into a build: the mini program always gets an absolute address (WeChat
// refuses relative request URLs), and a release refuses to build without an https one.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { apiBaseFor, legalDomainsNotice } from '../../config/apiBase'

describe('apiBaseFor', () => {
  it('gives a development mini program the local server, on PORT when set', () => {
    expect(apiBaseFor({ taroEnv: 'weapp', env: {}, release: false })).toBe('http://127.0.0.1:3000')
    expect(apiBaseFor({ taroEnv: 'weapp', env: { PORT: '4100' }, release: false })).toBe('http://127.0.0.1:4100')
    expect(
      apiBaseFor({ taroEnv: 'weapp', env: { TARO_APP_API_BASE: 'http://192.168.1.20:3000/' }, release: false }),
    ).toBe('http://192.168.1.20:3000')
  })

  it('keeps H5 on its own origin unless told otherwise', () => {
    expect(apiBaseFor({ taroEnv: 'h5', env: {}, release: false })).toBe('')
    expect(apiBaseFor({ taroEnv: 'h5', env: { TARO_APP_API_BASE: 'https://api.example.com' }, release: true })).toBe(
      'https://api.example.com',
    )
  })

  it('refuses a release of the mini program without an https server, saying what to set', () => {
    for (const given of [undefined, '', 'http://api.example.com', '/api', 'https://']) {
      expect(() => apiBaseFor({ taroEnv: 'weapp', env: { TARO_APP_API_BASE: given }, release: true })).toThrow(
        /TARO_APP_API_BASE=https:\/\//,
      )
    }
    expect(
      apiBaseFor({ taroEnv: 'weapp', env: { TARO_APP_API_BASE: 'https://api.example.com/' }, release: true }),
    ).toBe('https://api.example.com')
  })
})

it('names the legal domains the admin console needs', () => {
  const notice = legalDomainsNotice('https://api.example.com/base', 'https://docs.example.com, https://pay.example.com')
  expect(notice).toMatch(/request 合法域名:\s+https:\/\/api\.example\.com\n/)
  expect(notice).toMatch(/uploadFile 合法域名:\s+https:\/\/api\.example\.com\n/)
  expect(notice).toMatch(/downloadFile 合法域名:\s+https:\/\/api\.example\.com/)
  expect(notice).toContain('https://docs.example.com, https://pay.example.com')
})

it('`npm run build:weapp:prod` without an https server stops before building, with the message', () => {
  const root = path.resolve(__dirname, '../..')
  const env = {
    ...process.env,
    DIST_DIR: path.join(root, '.tmp-never-built'),
    TARO_APP_API_BASE: 'http://127.0.0.1:3000',
  }
  const build = spawnSync(path.join(root, 'node_modules/.bin/taro'), ['build', '--type', 'weapp', '--prod'], {
    cwd: root,
    env,
    encoding: 'utf8',
  })
  expect(build.status).not.toBe(0)
  expect(`${build.stdout}${build.stderr}`).toContain('TARO_APP_API_BASE=https://')
}, 60_000)
