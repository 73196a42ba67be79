import type { Db } from '../db/types.js'
import { hashPassword, oneTimePassword } from '../lib/password.js'
import { accountExists, createAccount, findAccount } from '../repositories/accounts.js'
import { findSiteByName, insertSite } from '../repositories/sites.js'
import { insertSurvey } from '../repositories/checkNotice.js'
import { resetPassword } from './accounts.js'
import { CHECK_NOTICE_CONTENT, CHECK_NOTICE_TITLE } from './checkNotice.js'
import { oneTimePasswordFor } from './staff.js'
import { DEFAULT_MANAGER_NAME } from './setupNames.js'

// A centre's first run: its site and its first manager, who signs in with a one-time password
// and sets her own at once, then puts in the rest of the centre from the app.

export interface NewCentre {
  /** The centre's name as staff see it. */
  centre: string
  /** The first manager's account name. */
  admin: string
  /** Her name as records show it (the account name when not given). */
  adminName?: string
  timeZone?: string
  latitude?: number
  longitude?: number
  /** Metres from the centre within which a ward round's sign-in counts as at the centre. */
  radius?: number
}

export type SetupRefusal = 'centreExists' | 'accountExists'

export class SetupRefused extends Error {
  constructor(readonly reason: SetupRefusal) {
    super(reason)
  }
}

/** Creates the centre and its manager in one transaction; answers her one-time password. */
export async function setUpCentre(
  db: Db,
  input: NewCentre,
): Promise<{ siteId: number; accountId: number; password: string }> {
  const password = oneTimePassword()
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    if (await findSiteByName(tx, input.centre)) throw new SetupRefused('centreExists')
    if (await accountExists(tx, input.admin)) throw new SetupRefused('accountExists')
    const siteId = await insertSite(tx, {
      name: input.centre,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      ...(input.radius ? { radius: input.radius } : {}),
    })
    await insertSurvey(tx, { siteId, version: 1, title: CHECK_NOTICE_TITLE, content: CHECK_NOTICE_CONTENT })
    const accountId = await createAccount(tx, {
      account: input.admin,
      name: input.adminName || DEFAULT_MANAGER_NAME,
      passwordHash,
      mustChangePassword: true,
      canApprove: true,
      canAdminister: true,
      siteIds: [siteId],
    })
    return { siteId, accountId, password }
  })
}

/**
 * Gives an account that has not been ended a new one-time password and ends its sessions: the way
 * back in for a centre's only manager, whose first one expired before she signed in, with nobody
 * else to reset it. Audited as a reset by the account itself, in its default site. Answers the
 * password, or undefined when no such account signs in.
 */
export async function newOneTimePassword(db: Db, account: string): Promise<string | undefined> {
  const found = await findAccount(db, account)
  if (!found) return undefined
  const password = oneTimePasswordFor(account)
  await resetPassword(db, { siteId: found.defaultSiteId, accountId: found.id }, found.id, password)
  return password
}
