import { useMemo } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { isWeChatBrowser } from '@/utils'
import './index.scss'

/** H5's bar height (px), WeChat's default. */
const BAR_HEIGHT = 44

/**
 * In the mini program: below the status bar, as tall as the capsule button's
 * row so the title lines up with it (real px, not design px). In a browser
 * only CSS knows a notch's inset.
 */
function barMetrics() {
  if (process.env.TARO_ENV !== 'weapp') return { paddingTop: 'env(safe-area-inset-top)', barHeight: BAR_HEIGHT }
  const statusBarHeight = Taro.getWindowInfo().statusBarHeight || 0
  const capsule = Taro.getMenuButtonBoundingClientRect()
  return { paddingTop: `${statusBarHeight}px`, barHeight: (capsule.top - statusBarHeight) * 2 + capsule.height }
}

/** The custom navigation bar of pages with `navigationStyle: 'custom'`. */
export default observer(function NavBar({ title }: { title: string }) {
  const { paddingTop, barHeight } = useMemo(barMetrics, [])
  // WeChat's browser draws its own bar with the page title above an H5 page.
  if (process.env.TARO_ENV === 'h5' && isWeChatBrowser()) return null
  return (
    <View className="nav-bar" style={{ paddingTop }}>
      <View className="nav-bar__content" style={{ height: `${barHeight}px` }}>
        <Text className="nav-bar__title">{title}</Text>
      </View>
    </View>
  )
})
