import T from 'taro-i18n'
import { observable, runInAction } from 'mobx'
import zhCN from '@locales/zh-CN.json'
import en from '@locales/en.json'

export type Locale = 'zh-CN' | 'en'
export const LOCALES: Locale[] = ['zh-CN', 'en']
export const DEFAULT_LOCALE: Locale = 'zh-CN'

export type MessageKey = keyof typeof zhCN

// zh-CN is the fallback: an English key that is missing shows the Chinese text.
const resources: Record<Locale, Record<string, string>> = {
  'zh-CN': { ...zhCN },
  en: { ...zhCN, ...en },
}

/**
 * Adds strings that only some pages need (the forms' labels live in the
 * pagesHome subpackage, so they stay out of the mini program's main package).
 */
export function addMessages(messages: Record<Locale, Record<string, string>>) {
  Object.assign(resources['zh-CN'], messages['zh-CN'])
  Object.assign(resources.en, messages['zh-CN'], messages.en)
}

const translator = new T(DEFAULT_LOCALE, () => resources)
// Observable so that every observer component re-renders when the language changes.
const state = observable({ locale: DEFAULT_LOCALE as Locale })

export function isLocale(value: unknown): value is Locale {
  return LOCALES.includes(value as Locale)
}

export function setLocale(locale: Locale) {
  translator.setLocale(locale)
  runInAction(() => {
    state.locale = locale
  })
}

export function getLocale(): Locale {
  return state.locale
}

/** The `lang` header the server reads: `zh` for Chinese, otherwise the locale. */
export function langHeader(): string {
  return state.locale === 'zh-CN' ? 'zh' : state.locale
}

/** Translate a key; `{name}` placeholders are filled from params. */
export function t(key: MessageKey | string, params?: Record<string, string | number>): string {
  // Reading state.locale subscribes the calling observer to language changes.
  translator.setLocale(state.locale)
  const text = translator._(key)
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole))
}

/**
 * A sentence about `count` things: the key's `.one` form for exactly one ("1 order", not
 * "1 orders"), the key itself otherwise.
 */
export function tCount(key: string, count: number, params?: Record<string, string | number>): string {
  return t(count === 1 ? `${key}.one` : key, params)
}
