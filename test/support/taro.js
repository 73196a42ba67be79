// @tarojs/taro in jest: the H5 runtime APIs on one default object, so that
// `jest.spyOn(Taro, 'request')` intercepts the calls the app makes as `Taro.request`.
import { useEffect } from 'react'
import '@tarojs/plugin-framework-react/dist/runtime'
import * as apis from '@tarojs/plugin-platform-h5/dist/runtime/apis'

const Taro = apis.default
for (const [name, value] of Object.entries(apis)) {
  if (name !== 'default' && !(name in Taro)) Taro[name] = value
}

// Page hooks are not part of the H5 API set. A rendered page counts as shown:
// useDidShow runs once after mounting and it is never hidden; pull-down refresh and reaching the
// bottom never happen (lists offer a "more" control that tests tap instead).
export const useDidShow = (callback) => useEffect(() => callback(), [])
export const useDidHide = () => {}
export const usePullDownRefresh = () => {}
export const useReachBottom = () => {}
Object.assign(Taro, { useDidShow, useDidHide, usePullDownRefresh, useReachBottom })
// The H5 router does not run here: a rendered page is the only one (tests that need a stack spy on it).
Taro.getCurrentPages = () => []

export * from '@tarojs/plugin-platform-h5/dist/runtime/apis'
export default Taro
