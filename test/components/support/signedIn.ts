import { runInAction } from 'mobx'
import type { UserInfo } from '@/api/types'
import { sessionStore, workingDateStore } from '@/stores'
import { demoUser, quietUi, resetApp } from './helpers'

/** The working date the signed-in tests file under. */
const WORKING_DATE = '2026-11-22'

/** A clean slate with quiet UI, signed in as `user` and working on `today`. */
export function signedIn(user: UserInfo = demoUser, today = WORKING_DATE) {
  resetApp()
  quietUi()
  runInAction(() => {
    sessionStore.token = 'tok-1'
    sessionStore.userInfo = user
  })
  workingDateStore.setToday(today)
}
