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
// useDidShow runs once after mounting; pull-down refresh and reaching the
// bottom never happen (lists offer a "more" control that tests tap instead).
export const useDidShow = (callback) => useEffect(() => callback(), [])
export const usePullDownRefresh = () => {}
export const useReachBottom = () => {}
Object.assign(Taro, { useDidShow, usePullDownRefresh, useReachBottom })

export * from '@tarojs/plugin-platform-h5/dist/runtime/apis'
export default Taro
