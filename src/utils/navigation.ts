import Taro from '@tarojs/taro'
import { HOME_PAGE, LOGIN_PAGE, PERSONAL_CENTRE_PAGE } from '@/routes'

export const goHome = () => Taro.reLaunch({ url: HOME_PAGE })

/** Back where the user came from; a page opened directly (nothing to go back to) goes home. */
export function goBackOrHome() {
  if (Taro.getCurrentPages().length > 1) Taro.navigateBack()
  else goHome()
}

/** What a page with unsaved entries says before it is left. */
export interface LeaveGuard {
  /** Leaving needs asking now. */
  blocks: () => boolean
  /** Asks the user: true to leave. */
  ask: () => Promise<boolean>
}

let shownGuard: LeaveGuard | null = null

/** Set by the page being shown: the in-app back and home, and on H5 the browser's back, ask it first. */
export function setLeaveGuard(guard: LeaveGuard) {
  shownGuard = guard
}

/** The page is no longer shown (another page may have set its own meanwhile). */
export function clearLeaveGuard(guard: LeaveGuard) {
  if (shownGuard === guard) shownGuard = null
}

/** Leaves the page by `go` once the page agrees (a form with unsaved entries asks the user). */
export async function leavePage(go: () => unknown) {
  if (!shownGuard?.blocks() || (await shownGuard.ask())) go()
}

/**
 * H5: the browser's back on a page whose guard blocks is undone before the router sees it, and
 * the user is asked; agreeing goes back. Installed before the router starts, so that it hears
 * the browser first.
 */
export function guardBrowserBack() {
  let undoing = false
  window.addEventListener(
    'popstate',
    (event) => {
      if (undoing) {
        undoing = false
        event.stopImmediatePropagation()
        return
      }
      const guard = shownGuard
      if (!guard?.blocks()) return
      event.stopImmediatePropagation()
      undoing = true
      window.history.forward()
      guard.ask().then((leave) => leave && goBackOrHome())
    },
    true,
  )
}

// Added by the runtime to every page's query: not part of the address a person asked for.
const RUNTIME_PARAMS = new Set(['stamp', '$taroTimestamp'])

/** The page being shown with its query ('/pagesHome/pages/form/visit/form?id=3'), to come back to it. */
export function currentPageUrl(): string {
  const router = Taro.getCurrentInstance().router
  const path = router?.path?.split('?')[0]
  if (!path) return HOME_PAGE
  const query = Object.entries(router?.params ?? {})
    .filter(([key, value]) => !RUNTIME_PARAMS.has(key) && value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&')
  return query ? `${path}?${query}` : path
}

/** The login page; with the page that asked for a sign-in, to return there afterwards. */
export function loginUrl(returnTo?: string): string {
  return returnTo && returnTo !== HOME_PAGE && !returnTo.startsWith(LOGIN_PAGE)
    ? `${LOGIN_PAGE}?redirect=${encodeURIComponent(returnTo)}`
    : LOGIN_PAGE
}

/** A `redirect` query as an address inside the app (WeChat hands it over encoded, the H5 router decoded). */
function returnAddress(redirect?: string): string {
  try {
    const url = redirect?.startsWith('/') ? redirect : decodeURIComponent(redirect ?? '')
    // A path of this app, never another site's address ('//host/…').
    return url.startsWith('/') && !url.startsWith('//') ? url : HOME_PAGE
  } catch {
    return HOME_PAGE
  }
}

/** After signing in: the page that asked for it (a tab through switchTab), else home. */
export function openAfterLogin(redirect?: string) {
  const url = returnAddress(redirect)
  const route = url.split('?')[0]
  if (route === HOME_PAGE || route === PERSONAL_CENTRE_PAGE) return Taro.switchTab({ url: route })
  return Promise.resolve(Taro.reLaunch({ url })).catch(() => Taro.switchTab({ url: HOME_PAGE }))
}
