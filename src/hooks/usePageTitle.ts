import { useEffect } from 'react'
import Taro, { useDidShow } from '@tarojs/taro'
import { getLocale, t, type MessageKey } from '@/i18n'

const TAB_TEXT_KEYS: MessageKey[] = ['tab.home', 'tab.mine']

/**
 * Calls `apply` on every show and whenever the language changes. On show
 * because the H5 router resets the document title to the page config's
 * (Chinese) title whenever a page comes back.
 */
function useLocalized(apply: () => void) {
  const locale = getLocale()
  useDidShow(apply)
  // Only a change of language applies it again; `apply` is a new function on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(apply, [locale])
}

/** The navigation bar title in the chosen language; `*.config.ts` only holds the Chinese default. */
export function usePageTitle(key: MessageKey) {
  useLocalized(() => {
    const title = t(key)
    // A title the locale leaves empty (the web-view's: WeChat shows the web page's own) is not
    // set: the translator would hand back the key itself.
    if (title !== key) Taro.setNavigationBarTitle({ title })
  })
}

/** Tab bar texts in the chosen language; only tab pages may set them. */
export function useTabBarTexts() {
  useLocalized(() => {
    TAB_TEXT_KEYS.forEach((key, index) => {
      // Fails harmlessly while the H5 tab bar is still being built; the next show sets it.
      Taro.setTabBarItem({ index, text: t(key) }).catch(() => {})
    })
  })
}
