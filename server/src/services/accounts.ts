import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import { hashPassword, newPasswordProblem } from '../lib/password.js'
import * as accounts from '../repositories/accounts.js'
import { writeAudit } from '../repositories/audit.js'
import * as sessions from '../repositories/sessions.js'

// What a manager does to a staff member's account: end it, take one of its sites away, reset its
// password. Each ends the sessions it concerns in the same transaction and is audited as a change
// of the account; the tables' triggers tell every instance, which refuse those sessions at once.

const ENTITY = 'accounts'

async function accountOf(db: Db, accountId: number) {
  const account = await accounts.getAccount(db, accountId)
  if (!account) throw new AppError(Code.NOT_FOUND, 'auth.accountNotFound')
  return account
}

/** Ends the account: it signs in no more and every session of it ends. */
export async function endAccount(db: Db, actor: Actor, accountId: number): Promise<void> {
  await accountOf(db, accountId)
  await db.transaction(async (tx) => {
    if (!(await accounts.disableAccount(tx, accountId))) return
    await sessions.revokeSessionsOf(tx, accountId)
    await writeAudit(tx, { ...actor, action: 'disable', entity: ENTITY, entityId: accountId })
  })
}

/**
 * Takes `siteId` from the account's sites and ends its sessions in that site; its sessions in
 * other sites go on. The account's default site moves to another of its sites; its last site is
 * not taken (ending the account is the way).
 */
export async function removeSiteFromAccount(db: Db, actor: Actor, accountId: number, siteId: number): Promise<void> {
  const account = await accountOf(db, accountId)
  const left = (await accounts.listAccountSites(db, accountId)).filter((site) => site.id !== siteId)
  if (!left.length) throw new AppError(Code.CONFLICT, 'site.lastOfAccount')
  await db.transaction(async (tx) => {
    if (!(await accounts.deleteAccountSite(tx, accountId, siteId))) return
    if (account.defaultSiteId === siteId) await accounts.setDefaultSite(tx, accountId, left[0].id)
    await sessions.revokeSessionsOf(tx, accountId, siteId)
    await writeAudit(tx, { ...actor, action: 'update', entity: ENTITY, entityId: accountId })
  })
}

/**
 * Gives the account a temporary password, which it must change at its next sign-in; every session
 * of it ends.
 */
export async function resetPassword(db: Db, actor: Actor, accountId: number, password: string): Promise<void> {
  const account = await accountOf(db, accountId)
  const problem = newPasswordProblem(password, '', account.account)
  if (problem) throw new AppError(Code.INVALID_INPUT, problem)
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    await accounts.setTemporaryPassword(tx, accountId, passwordHash)
    await sessions.revokeSessionsOf(tx, accountId)
    await writeAudit(tx, { ...actor, action: 'resetPassword', entity: ENTITY, entityId: accountId })
  })
}
