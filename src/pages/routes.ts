// Routes the pages navigate to (the seed fixes every path; the home entries'
// routes live with them in components/EntryGrid/entries.ts).
import Taro from '@tarojs/taro'

export const HOME_PAGE = '/pages/tabPages/index'
export const NOT_FOUND_PAGE = '/pages/notFound/index'
export const UPDATE_PAGE = '/uni_modules/rt-uni-update/components/rt-uni-update/rt-uni-update'
export const CHOOSE_DATE_PAGE = '/pagesHome/pages/form/chooseDate'
export { MODIFY_PASSWORD_PAGE } from '@/stores'

export const goHome = () => Taro.reLaunch({ url: HOME_PAGE })

/** Back where the user came from; a page opened directly (nothing to go back to) goes home. */
export function goBackOrHome() {
  if (Taro.getCurrentPages().length > 1) Taro.navigateBack()
  else goHome()
}
