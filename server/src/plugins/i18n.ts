import { readFileSync } from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import { repoRoot } from '../config.js'

export type Params = Record<string, string | number>
export type Lang = 'zh-CN' | 'en'

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of the request's `lang` header. */
    lang: Lang
    /** The message `key` in the language of the request's `lang` header, with `{name}`s filled in. */
    t(key: string, params?: Params): string
  }
}

const FALLBACK = 'zh-CN'
type Messages = Record<string, string>
const load = (folder: string, lang: string): Messages =>
  JSON.parse(readFileSync(path.join(repoRoot, 'locales', folder, `${lang}.json`), 'utf8'))
const messages: Record<Lang, Messages> = { [FALLBACK]: load('server', FALLBACK), en: load('server', 'en') }

// The forms' labels and rule messages, as the app reads them: an English key that is missing shows
// the Chinese text, and a key missing from both is answered as is (which names an unknown field).
// The administration's forms keep theirs with the administration pages' words.
const formsOf = (lang: string): Messages => ({ ...load('forms', lang), ...load('admin', lang) })
const zhForms = formsOf(FALLBACK)
const formMessages: Record<Lang, Messages> = { [FALLBACK]: zhForms, en: { ...zhForms, ...formsOf('en') } }

/** The app sends `lang: zh` for Chinese and the locale (e.g. `en`, `en-US`) otherwise. */
export const languageOf = (header: unknown): Lang =>
  typeof header === 'string' && /^en/i.test(header) ? 'en' : FALLBACK

const fill = (template: string, params: Params) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))

function translate(lang: Lang, key: string, params: Params = {}): string {
  return fill(messages[lang]?.[key] ?? messages[FALLBACK][key] ?? key, params)
}

/** A translator over locales/server for a language known without a request's header (a PDF link's). */
export const serverTranslator =
  (lang: Lang) =>
  (key: string, params?: Params): string =>
    translate(lang, key, params)

/** The centre's commands speak the terminal's language: English when LANG starts with `en`, else Chinese. */
export const commandTranslator = (env: NodeJS.ProcessEnv = process.env) => serverTranslator(languageOf(env.LANG))

/** A translator over locales/forms, the one the app passes to fieldErrorMessage. */
export const formTranslator =
  (lang: Lang) =>
  (key: string, params?: Params): string => {
    const text = formMessages[lang][key] ?? key
    return params ? fill(text, params) : text
  }

export default fp(
  async (app) => {
    app.decorateRequest('lang', {
      getter(this: { headers: Record<string, unknown> }) {
        return languageOf(this.headers.lang)
      },
    })
    app.decorateRequest('t', function (key: string, params?: Params) {
      return translate(this.lang, key, params)
    })
  },
  { name: 'i18n' },
)
