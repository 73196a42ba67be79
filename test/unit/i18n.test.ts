import { addMessages, t, setLocale, langHeader, getLocale } from '@/i18n'
import zh from '@locales/zh-CN.json'
import en from '@locales/en.json'

describe('i18n', () => {
  afterEach(() => setLocale('zh-CN'))

  it('shows Chinese by default', () => {
    expect(getLocale()).toBe('zh-CN')
    expect(t('login.title')).toBe('客服端登录')
    expect(langHeader()).toBe('zh')
  })

  it('switches to English and sends the locale as lang', () => {
    setLocale('en')
    expect(t('login.title')).toBe('Customer-service login')
    expect(langHeader()).toBe('en')
  })

  it('falls back to Chinese for a key English lacks', () => {
    addMessages({ 'zh-CN': { 'test.onlyInChinese': '只有中文' }, en: {} })
    setLocale('en')
    expect(t('test.onlyInChinese')).toBe('只有中文')
  })

  it("has every Chinese key in English too, the forms' and the server's included", () => {
    for (const [chinese, english] of [
      [zh, en],
      [require('@locales/forms/zh-CN.json'), require('@locales/forms/en.json')],
      [require('@locales/location/zh-CN.json'), require('@locales/location/en.json')],
      [require('@locales/admin/zh-CN.json'), require('@locales/admin/en.json')],
      [require('@locales/customer/zh-CN.json'), require('@locales/customer/en.json')],
      [require('@locales/desk/zh-CN.json'), require('@locales/desk/en.json')],
      [require('@locales/notice/zh-CN.json'), require('@locales/notice/en.json')],
      [require('@locales/server/zh-CN.json'), require('@locales/server/en.json')],
    ]) {
      expect(Object.keys(chinese).filter((key) => !(key in english))).toEqual([])
    }
  })

  it('fills placeholders', () => {
    expect(t('x {n} y {m}', { n: 3 })).toBe('x 3 y {m}')
  })

  it('has no English key that Chinese lacks', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([])
  })
})

describe('every key the code names exists', () => {
  const fs = require('node:fs') as typeof import('node:fs')
  const path = require('node:path') as typeof import('node:path')
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : []
    })
  const source = ['../../src', '../../packages/contract']
    .flatMap((dir) => files(path.resolve(__dirname, dir)))
    .map((file) => fs.readFileSync(file, 'utf8'))
  // t('key'), and the keys definitions and registries name (titleKey: 'x.y', labelKey: …, unitKey: …).
  const named = new Set(
    source.flatMap((text) =>
      [...text.matchAll(/\bt\(\s*'([\w.-]+)'|\b\w*Key:\s*'([\w.-]+)'/g)].map((m) => m[1] ?? m[2]),
    ),
  )
  const chinese = {
    ...zh,
    ...require('@locales/forms/zh-CN.json'),
    ...require('@locales/location/zh-CN.json'),
    ...require('@locales/admin/zh-CN.json'),
    ...require('@locales/customer/zh-CN.json'),
    ...require('@locales/desk/zh-CN.json'),
    ...require('@locales/notice/zh-CN.json'),
  }
  const english = {
    ...en,
    ...require('@locales/forms/en.json'),
    ...require('@locales/location/en.json'),
    ...require('@locales/admin/en.json'),
    ...require('@locales/customer/en.json'),
    ...require('@locales/desk/en.json'),
    ...require('@locales/notice/en.json'),
  }

  it('finds the keys it checks', () => {
    expect(named.size).toBeGreaterThan(100)
    expect(named.has('login.title')).toBe(true)
  })

  it('in Chinese and in English', () => {
    const missing = [...named].filter((key) => !(key in chinese) || !(key in english))
    expect(missing).toEqual([])
  })
})
