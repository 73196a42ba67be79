import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import { ConfigProvider, SafeArea } from '@nutui/nutui-react-taro'
import enUS from '@nutui/nutui-react-taro/dist/es/locales/en-US'
import zhCN from '@nutui/nutui-react-taro/dist/es/locales/zh-CN'
import { observer } from 'mobx-react-lite'
import { settingsStore } from '@/stores'
import NetworkBanner from '../NetworkBanner'
import './index.scss'

interface Props {
  children: ReactNode
  className?: string
  /** A custom navigation bar, kept on top together with the network banner. */
  navBar?: ReactNode
  /** Pad the bottom safe area (pages without a tab bar under them). */
  safeBottom?: boolean
}

/**
 * The frame of every page: NutUI's own texts in the chosen language, the
 * network banner whenever the device is offline, and the safe areas.
 */
export default observer(function PageShell({ children, className, navBar, safeBottom = true }: Props) {
  const offline = !settingsStore.online
  return (
    <ConfigProvider
      locale={settingsStore.lang === 'en' ? enUS : zhCN}
      direction="ltr"
      className={`page-shell ${className ?? ''}`}
    >
      {(navBar || offline) && (
        <View className="page-shell__top">
          {navBar}
          {offline && <NetworkBanner />}
        </View>
      )}
      {children}
      {safeBottom && <SafeArea position="bottom" />}
    </ConfigProvider>
  )
})
