import Taro from '@tarojs/taro'
import { makeAutoObservable, toJS } from 'mobx'
import { sessionStore } from './session'

/** What every record list filters by: a day (YYYY-MM-DD, '' for every day) and a keyword. */
export interface DayAndKeyword {
  date: string
  keyword: string
}

/**
 * Each list's filters as last set, by account, site and list: kept in storage so that the H5 app
 * reloaded on its way back (a PDF opened in the page) still has them.
 */
const STORAGE_KEY = 'list_filters'
type Remembered = Record<string, DayAndKeyword>
const remembered = (): Remembered => Taro.getStorageSync(STORAGE_KEY) || {}

// A search may name a mother: it goes with the session (logout, site switch).
sessionStore.onCustomerCleared(() => Taro.removeStorageSync(STORAGE_KEY))

/**
 * A record list's filters; every change reloads the list (`onChange`). A list given a name
 * (`rememberAs`) opens again with the filters and search she left it with.
 */
export class ListFilterState<F extends DayAndKeyword> {
  values: F
  private readonly onChange: () => void
  private readonly memoryKey: string | undefined

  constructor(initial: F, onChange: () => void, rememberAs?: string) {
    const user = sessionStore.userInfo
    this.memoryKey = rememberAs && user ? `${user.id}:${user.site_id}:${rememberAs}` : undefined
    this.values = ((this.memoryKey && remembered()[this.memoryKey]) as F | undefined) ?? initial
    this.onChange = onChange
    makeAutoObservable<this, 'onChange' | 'memoryKey'>(this, { onChange: false, memoryKey: false }, { autoBind: true })
  }

  set(change: Partial<F>) {
    this.values = { ...this.values, ...change }
    if (this.memoryKey) Taro.setStorageSync(STORAGE_KEY, { ...remembered(), [this.memoryKey]: toJS(this.values) })
    this.onChange()
  }

  /** A new keyword (the same one again changes nothing). */
  setKeyword(keyword: string) {
    if (this.values.keyword !== keyword) this.set({ keyword } as Partial<F>)
  }

  setDate(date: string) {
    this.set({ date } as Partial<F>)
  }
}
