import Taro from '@tarojs/taro'
import { HOME_PAGE } from '@/routes'

export const goHome = () => Taro.reLaunch({ url: HOME_PAGE })

/** Back where the user came from; a page opened directly (nothing to go back to) goes home. */
export function goBackOrHome() {
  if (Taro.getCurrentPages().length > 1) Taro.navigateBack()
  else goHome()
}
