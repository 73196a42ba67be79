// First: on H5 the stores, which restore themselves from storage, are made after the libraries
// are evaluated, in a later task.
import '@/utils/startupYield'
import Taro from '@tarojs/taro'
import { reaction, runInAction, toJS } from 'mobx'

/** The storage keys of the app (the names of the app it replaces), plus `lang`, the remembered `account`, the `working_day` the working date was set on and the record lists' `list_filters`. */
export type StorageKey =
  | 'come'
  | 'is_month'
  | 'today'
  | 'formName'
  | 'gift_type_id'
  | 'department_id'
  | 'token'
  | 'userInfo'
  | 'childrenData'
  | 'customerInfo'
  | 'lang'
  | 'account'
  | 'working_day'
  | 'list_filters'

// An empty value is removed rather than stored, so that "cleared" means the key is gone.
function isEmpty(value: unknown) {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
}

/**
 * Restores each listed observable property of `target` from its storage key, then
 * writes it back whenever it changes. Call after making `target` observable.
 */
export function persist<T extends object>(target: T, keys: { [P in keyof T]?: StorageKey }) {
  for (const [property, key] of Object.entries(keys) as [keyof T, StorageKey][]) {
    // getStorageSync answers '' for a missing key.
    const stored = Taro.getStorageSync(key)
    if (stored !== '') {
      runInAction(() => {
        target[property] = stored
      })
    }
    reaction(
      () => target[property],
      (value) => (isEmpty(value) ? Taro.removeStorageSync(key) : Taro.setStorageSync(key, toJS(value))),
    )
  }
}
