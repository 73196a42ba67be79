import { readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { repoRoot } from '../config.js';

export type Params = Record<string, string | number>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The message `key` in the language of the request's `lang` header, with `{name}`s filled in. */
    t(key: string, params?: Params): string;
  }
}

const FALLBACK = 'zh-CN';
const load = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(repoRoot, 'locales/server', `${lang}.json`), 'utf8'));
const messages: Record<string, Record<string, string>> = { [FALLBACK]: load(FALLBACK), en: load('en') };

/** The app sends `lang: zh` for Chinese and the locale (e.g. `en`, `en-US`) otherwise. */
const languageOf = (header: unknown) => (typeof header === 'string' && /^en/i.test(header) ? 'en' : FALLBACK);

function translate(lang: string, key: string, params: Params = {}): string {
  const template = messages[lang]?.[key] ?? messages[FALLBACK][key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}

export default fp(
  async (app) => {
    app.decorateRequest('t', function (key: string, params?: Params) {
      return translate(languageOf(this.headers.lang), key, params);
    });
  },
  { name: 'i18n' },
);
