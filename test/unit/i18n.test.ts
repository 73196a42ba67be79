import { t, setLocale, langHeader, getLocale } from '@/i18n'
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
    setLocale('en')
    const missing = Object.keys(zh).find((key) => !(key in en))
    expect(missing).toBeDefined()
    expect(t(missing!)).toBe((zh as Record<string, string>)[missing!])
  })

  it('fills placeholders', () => {
    expect(t('x {n} y {m}', { n: 3 })).toBe('x 3 y {m}')
  })

  it('has no English key that Chinese lacks', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([])
  })
})
