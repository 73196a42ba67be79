import type { PropsWithChildren } from 'react'
import Taro, { useLaunch } from '@tarojs/taro'
import { NOT_FOUND_PAGE } from '@/routes'
import { sessionStore, watchNetwork } from '@/stores'
// On H5 the app mounts in the task after the stores are made (see launched.h5.ts).
import '@/stores/launched'
import { watchUpdate } from '@/uni_modules/rt-uni-update/updateManager'
import { guardBrowserBack } from '@/utils/navigation'
import { watchPageLoading } from '@/utils/pageLoading'
import './app.scss'

/** Query keys of the PC back-office's launch address: a session and a customer, never left in the address bar. */
const PC_QUERY_KEYS = ['token', 'customer_id']

// Registered before the first page renders: an unknown page at launch (or, on
// H5, any unknown address) is replaced by the not-found page.
Taro.onPageNotFound(() => {
  Taro.redirectTo({ url: NOT_FOUND_PAGE })
})

// Taro's H5 tab bar draws its items as <a href="javascript:;">, which the browser would run on a
// tap: the content security policy refuses that (an error on every tap). The tab bar moves by its
// own click handler, so the links' default action is dropped.
if (process.env.TARO_ENV === 'h5') {
  // Here, before the router is created: the browser's back reaches this guard first.
  guardBrowserBack()
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest?.('a[href^="javascript:"]')) event.preventDefault()
    },
    true,
  )
}

/** The launch query; on H5 read from the address itself, decoded. */
function launchQuery(query: Record<string, string | undefined>): Record<string, string | undefined> {
  if (process.env.TARO_ENV !== 'h5') return query
  return { ...query, ...Object.fromEntries(new URLSearchParams(window.location.search)) }
}

/** Drops the PC session from the H5 address, keeping the rest (and the router's state). */
function clearPcQuery() {
  if (process.env.TARO_ENV !== 'h5') return
  const params = new URLSearchParams(window.location.search)
  if (!PC_QUERY_KEYS.some((key) => params.has(key))) return
  PC_QUERY_KEYS.forEach((key) => params.delete(key))
  const search = params.toString()
  const { pathname, hash } = window.location
  window.history.replaceState(window.history.state, '', `${pathname}${search ? `?${search}` : ''}${hash}`)
}

// Importing the stores restores the persisted session and applies the persisted language.
function App({ children }: PropsWithChildren) {
  useLaunch(({ query }) => {
    watchNetwork()
    watchUpdate()
    watchPageLoading()
    // A failed call has been shown by the request layer; the login check then decides.
    sessionStore.launchFromQuery(launchQuery(query ?? {})).catch(() => {})
    clearPcQuery()
  })
  return children
}

export default App
