// taro-i18n ships untyped ESM with no declarations of its own, so its one class is declared here.
declare module 'taro-i18n' {
  type Resources = Record<string, Record<string, string>>
  export default class T {
    constructor(locale?: string, locales?: (value?: unknown) => Resources)
    locale?: string
    setLocale(locale: string): void
    _(line: string, value?: unknown): string
  }
}
