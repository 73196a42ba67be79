import Taro from '@tarojs/taro'
import { makeAutoObservable, reaction } from 'mobx'
import { DEFAULT_LOCALE, isLocale, setLocale, type Locale } from '@/i18n'
import { persist } from '@/utils/storage'

class SettingsStore {
  lang: Locale = DEFAULT_LOCALE
  /** The account name last signed in with, offered again on the login page. */
  rememberedAccount = ''
  /** False while the device has no network (see watchNetwork). */
  online = true

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
    persist(this, { lang: 'lang', rememberedAccount: 'account' })
    if (!isLocale(this.lang)) this.setLang(DEFAULT_LOCALE)
    reaction(() => this.lang, setLocale, { fireImmediately: true })
  }

  setLang(lang: Locale) {
    this.lang = lang
  }

  rememberAccount(account: string) {
    this.rememberedAccount = account
  }

  setOnline(online: boolean) {
    this.online = online
  }
}

export const settingsStore = new SettingsStore()

/** Keeps settingsStore.online up to date; called once at launch. */
export function watchNetwork() {
  // In a browser Taro's network type never reads 'none' (it comes from navigator.connection),
  // so H5 follows the browser's own online flag and events instead.
  if (process.env.TARO_ENV === 'h5') {
    settingsStore.setOnline(navigator.onLine)
    window.addEventListener('online', () => settingsStore.setOnline(true))
    window.addEventListener('offline', () => settingsStore.setOnline(false))
    return
  }
  Taro.getNetworkType({ success: ({ networkType }) => settingsStore.setOnline(networkType !== 'none') })
  Taro.onNetworkStatusChange(({ isConnected }) => settingsStore.setOnline(isConnected))
}
