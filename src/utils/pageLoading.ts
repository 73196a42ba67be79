import Taro from '@tarojs/taro'
import { PAGE_LOADING_DELAY } from '@/config'
import { t } from '@/i18n'

/**
 * H5 loads a page's code on its first visit. When that takes longer than PAGE_LOADING_DELAY the
 * loading indicator shows until the page is there; a fast load shows nothing, so no flash.
 */
export function watchPageLoading() {
  if (process.env.TARO_ENV !== 'h5') return
  let timer: ReturnType<typeof setTimeout> | undefined
  let shown = false
  Taro.eventCenter.on('__taroRouterChange', () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      shown = true
      Taro.showLoading({ title: t('common.loading') })
    }, PAGE_LOADING_DELAY)
  })
  Taro.eventCenter.on('__afterTaroRouterChange', () => {
    clearTimeout(timer)
    if (shown) Taro.hideLoading()
    shown = false
  })
}
