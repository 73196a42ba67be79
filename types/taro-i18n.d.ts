// taro-i18n ships untyped ESM (STACK.md pitfall 8).
declare module 'taro-i18n' {
  type Resources = Record<string, Record<string, string>>
  export default class T {
    constructor(locale?: string, locales?: (value?: unknown) => Resources)
    locale?: string
    setLocale(locale: string): void
    _(line: string, value?: unknown): string
  }
}
