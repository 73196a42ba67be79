import { useDidShow } from '@tarojs/taro'
import { sessionStore } from '@/stores'

/**
 * Pages that need a session check it on every show (no token → logout to the
 * login page). `onShow` runs only with a session, so
 * a page never calls the server without a token.
 */
export function useLoginGuard(onShow?: () => void) {
  useDidShow(() => {
    if (sessionStore.checkLogin()) onShow?.()
  })
}
