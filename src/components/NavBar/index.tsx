import { useMemo } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { ArrowLeft, Home } from '@nutui/icons-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import { isWeChatBrowser } from '@/utils'
import { goBackOrHome, leavePage } from '@/utils/navigation'
import './index.scss'

/** H5's bar height (px), WeChat's default. */
const BAR_HEIGHT = 44

/**
 * In the mini program: below the status bar, as tall as the capsule button's
 * row so the title lines up with it (real px, not design px). In a browser
 * only CSS knows a notch's inset.
 */
function barMetrics() {
  // Inside the branch, not after an early return: the H5 build then leaves the window-info API out
  // (with the user-agent parser it brings, run as the home page loads).
  if (process.env.TARO_ENV === 'weapp') {
    const statusBarHeight = Taro.getWindowInfo().statusBarHeight || 0
    const capsule = Taro.getMenuButtonBoundingClientRect()
    return { paddingTop: `${statusBarHeight}px`, barHeight: (capsule.top - statusBarHeight) * 2 + capsule.height }
  }
  return { paddingTop: 'env(safe-area-inset-top)', barHeight: BAR_HEIGHT }
}

interface Props {
  title: string
  /**
   * A page opened from another (H5 only: the mini program keeps WeChat's own bar): a back
   * button, or home when the page was opened directly by its address.
   */
  back?: boolean
}

/** The custom navigation bar of pages with `navigationStyle: 'custom'`, and H5's bar of the pages opened from home. */
export default observer(function NavBar({ title, back = false }: Props) {
  const { paddingTop, barHeight } = useMemo(barMetrics, [])
  const canGoBack = useMemo(() => Taro.getCurrentPages().length > 1, [])
  if (back && process.env.TARO_ENV !== 'h5') return null
  // WeChat's browser draws its own bar with the page title above an H5 page.
  if (process.env.TARO_ENV === 'h5' && isWeChatBrowser()) return null
  return (
    <View className={`nav-bar${back ? ' nav-bar--back' : ''}`} style={{ paddingTop }}>
      <View className="nav-bar__content" style={{ height: `${barHeight}px` }}>
        {back && (
          <View
            className="nav-bar__button"
            role="button"
            aria-label={t(canGoBack ? 'common.back' : 'tab.home')}
            onClick={() => leavePage(goBackOrHome)}
          >
            {canGoBack ? <ArrowLeft size={20} color="#1a1a1a" /> : <Home size={20} color="#1a1a1a" />}
          </View>
        )}
        <Text className="nav-bar__title">{title}</Text>
      </View>
    </View>
  )
})
