import Taro from '@tarojs/taro'
import { compareStructural, makeAutoObservable, reaction, runInAction } from 'mobx'
import * as account from '@/api/account'
import { CODE_MUST_CHANGE_PASSWORD, RequestError, configureRequest } from '@/api/request'
import type { Site, UserInfo } from '@/api/types'
import { LOGOUT_MESSAGE_DELAY } from '@/config'
import { t } from '@/i18n'
import { DEFAULT_TIME_ZONE, type CentreZone } from '@yuezi/contract/forms/centreDay'
import { MODIFY_PASSWORD_PAGE } from '@/routes'
import { confirm, toast } from '@/utils/feedback'
import { currentPageUrl, loginUrl } from '@/utils/navigation'
import { persist } from '@/utils/storage'
import { centreClock } from './centreClock'
import { customerStore } from './customer'
import { settingsStore } from './settings'
import { workingDateStore } from './workingDate'

/** Seconds until a refused sign-in may be tried again (after too many attempts), if the server said. */
export function retryAfterOf(error: unknown): number | undefined {
  const res = error instanceof RequestError ? (error.res as { retry_after?: number } | null | undefined) : undefined
  return res?.retry_after || undefined
}

// Set while a logout is under way: calls failing together with -90001 log out once.
let pendingLogoutMessage: ReturnType<typeof setTimeout> | undefined

// What features keep about the session's customer (the open form's record), let go of with it.
const customerClearers: Array<() => void> = []

/** The signed-in staff member. */
class SessionStore {
  token = ''
  userInfo: UserInfo | null = null
  /** 'PC' when the PC back-office opened the app with a token in the address. */
  come = ''
  /** The sites the account may work in (the personal centre offers a switch when there are several). */
  sites: Site[] = []
  /**
   * The password just typed to sign in to an account that must change it, so that the change does
   * not ask for it again; in memory only, and only until that change or a logout.
   */
  signInPassword = ''

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
    persist(this, { token: 'token', userInfo: 'userInfo', come: 'come' })
    // The centre's day is counted in the site's zone: known from the stored user info at launch,
    // learnt again at sign-in and on a site switch; a new centre day starts on today.
    reaction(
      () => this.zone,
      (zone) => {
        centreClock.setZone(zone)
        workingDateStore.startDay()
      },
      { fireImmediately: true, equals: compareStructural },
    )
    configureRequest({
      getToken: () => this.token,
      onLogout: (message) => this.logout({ title: message }),
      onMustChangePassword: this.mustChangePassword,
    })
  }

  /** The site's time zone; the default until the user info is known. */
  get zone(): CentreZone {
    const info = this.userInfo
    return info?.time_zone
      ? { timeZone: info.time_zone, utcOffsetMinutes: info.utc_offset }
      : { timeZone: DEFAULT_TIME_ZONE }
  }

  get isLoggedIn() {
    return this.token !== ''
  }

  /** May administer the site (the administration pages, who opened a customer's records), as the server decides. */
  get canAdminister() {
    return this.userInfo?.can_administer === true
  }

  private setSession(token: string, userInfo: UserInfo | null) {
    // A new session ends what was left of the last logout: its message is old news, and a
    // logout of this session is not a repeat of that one (signing in and out again within the
    // message's delay had been ignored).
    if (token && pendingLogoutMessage) {
      clearTimeout(pendingLogoutMessage)
      pendingLogoutMessage = undefined
    }
    this.token = token
    this.userInfo = userInfo
  }

  /** A -90004 reply: keep the session it may carry and send the user to change the password. */
  private mustChangePassword(res: unknown) {
    const { token, userInfo } = (res ?? {}) as { token?: string; userInfo?: UserInfo }
    if (token) this.setSession(token, userInfo ?? null)
    if (this.token) Taro.redirectTo({ url: MODIFY_PASSWORD_PAGE })
  }

  /** Resolves 'mustChangePassword' when the account must change its password first (already redirected). */
  async login(accountName: string, password: string, site_id?: number): Promise<'ok' | 'mustChangePassword'> {
    let result: 'ok' | 'mustChangePassword' = 'ok'
    try {
      const { token, userInfo } = await account.loginOld({ account: accountName, password, site_id })
      this.setSession(token, userInfo)
    } catch (error) {
      if (!(error instanceof RequestError && error.code === CODE_MUST_CHANGE_PASSWORD)) throw error
      result = 'mustChangePassword'
      runInAction(() => (this.signInPassword = password))
    }
    settingsStore.rememberAccount(accountName)
    return result
  }

  /**
   * Logs out: clears the session and its customer, relaunches to login (which returns to
   * `returnTo` after signing in), then says why.
   */
  logout({ callServer = false, title, returnTo }: { callServer?: boolean; title?: string; returnTo?: string } = {}) {
    if (pendingLogoutMessage) return
    // Sent before the token is cleared, so that it carries the session to end; not awaited,
    // so that a slow network does not hold the user on a page they asked to leave.
    if (callServer) account.logout().catch(() => {})
    this.setSession('', null)
    this.sites = []
    this.signInPassword = ''
    this.clearCustomer()
    Taro.reLaunch({ url: loginUrl(returnTo) })
    pendingLogoutMessage = setTimeout(() => {
      pendingLogoutMessage = undefined
      toast(title || t('request.accountExited'))
    }, LOGOUT_MESSAGE_DELAY)
  }

  /** Asks, then logs out and ends the session on the server. */
  async confirmLogout() {
    if (await confirm(t('mine.logoutConfirm'), { title: t('mine.logout') })) this.logout({ callServer: true })
  }

  /** False (and off to the login page, which comes back to this page after signing in) without a token. */
  checkLogin(): boolean {
    if (this.token) return true
    this.logout({ title: t('request.pleaseLogin'), returnTo: currentPageUrl() })
    return false
  }

  async refreshUserInfo() {
    const userInfo = await account.info()
    runInAction(() => (this.userInfo = userInfo))
  }

  /** Quietly: without the list the personal centre simply offers no site switch. */
  async loadSites() {
    const sites = await account.siteList({ loading: false, showError: false }).catch(() => [])
    runInAction(() => (this.sites = sites))
  }

  /** Moves the session to another site; the chosen customer belonged to the old one. */
  async switchSite(site_id: number) {
    const userInfo = await account.info(site_id)
    runInAction(() => (this.userInfo = userInfo))
    this.clearCustomer()
  }

  /** `clear` runs whenever the session lets go of its customer: at logout and on a site switch. */
  onCustomerCleared(clear: () => void) {
    customerClearers.push(clear)
  }

  private clearCustomer() {
    customerStore.clear()
    for (const clear of customerClearers) clear()
  }

  async changePassword(oldPassword: string, newPassword: string) {
    await account.changePwd({ old_password: oldPassword, password: newPassword })
    runInAction(() => {
      if (this.userInfo) this.userInfo = { ...this.userInfo, must_change_password: false }
      this.signInPassword = ''
    })
  }

  /**
   * Launch from the PC back-office (`?token=…&customer_id=…`): take over its session and
   * customer. Without a token the origin marker is removed. Rejects when a call fails
   * (the request layer has shown why).
   */
  async launchFromQuery(query: Record<string, string | undefined>) {
    if (!query.token) {
      this.come = ''
      return
    }
    if (!(await this.mayTakeOver(query.token))) return
    this.token = query.token
    this.come = 'PC'
    const customerId = Number(query.customer_id)
    await Promise.all([this.refreshUserInfo(), customerId ? customerStore.loadById(customerId) : undefined])
  }

  /**
   * The address's session may replace the device's: when none is held, it is the same, or it is of
   * the same account; else the person is asked, so that the next records are not silently filed
   * under someone else. Taking over another account's session lets go of the customer chosen in it.
   */
  private async mayTakeOver(token: string): Promise<boolean> {
    const held = this.userInfo
    if (!this.token || !held || token === this.token) return true
    const incoming = await account.info(undefined, { token })
    if (incoming.id === held.id) return true
    const names = {
      current: held.name,
      currentAccount: held.account,
      next: incoming.name,
      nextAccount: incoming.account,
    }
    const agreed = await confirm(t('session.replaceAsk', names), {
      title: t('session.replaceTitle'),
      confirmText: t('session.replace'),
    })
    if (agreed) {
      this.sites = []
      this.clearCustomer()
    }
    return agreed
  }
}

export const sessionStore = new SessionStore()
