import { useEffect, useRef } from 'react'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { sessionStore } from '@/stores'
import { useLoginGuard } from './useLoginGuard'

/**
 * A record list page: loads when it opens and again when the user comes back (from a form that
 * saved or deleted), on pull-down refresh; the next page at the bottom. Only with a session.
 */
export function useListPage({ refresh, loadMore }: { refresh: () => Promise<unknown>; loadMore: () => unknown }) {
  const shown = useRef(false)
  useLoginGuard(() => {
    if (shown.current) refresh()
    shown.current = true
  })
  useEffect(() => {
    if (sessionStore.isLoggedIn) refresh()
  }, [refresh])
  usePullDownRefresh(() => {
    refresh().finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    loadMore()
  })
}
