import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code, FormInvalidError } from '../errors.js'
import { hashPassword, newPasswordProblem, oneTimePassword } from '../lib/password.js'
import { accountExists, createAccount, listAccountSites, setDefaultSite } from '../repositories/accounts.js'
import { writeAudit } from '../repositories/audit.js'
import * as staff from '../repositories/staff.js'
import { ACCOUNT_PATTERN, staffForm } from '@yuezi/contract/forms/definitions/admin'
import type { FormData } from '@yuezi/contract/forms/types'
import { validateForm } from '@yuezi/contract/forms/validate'
import { endAccount, removeSiteFromAccount, resetPassword } from './accounts.js'

// A site's manager keeps its staff accounts: she sees and changes only what concerns the sites she
// administers herself, and a site never loses its last administrator.

const ENTITY = 'accounts'

export interface StaffInput {
  id?: number
  name: string
  account?: string
  sites: { site_id: number; rights?: string[] }[]
  default_site_id?: number
}

const sitesOf = async (db: Db, actor: Actor) => (await staff.administeredSites(db, actor.accountId)).map((s) => s.id)

/** The rows as the reply shows them: memberships of the caller's sites only. */
async function present(db: Db, actor: Actor, rows: NonNullable<Awaited<ReturnType<typeof staff.findStaff>>>[]) {
  const siteIds = await sitesOf(db, actor)
  const memberships = await staff.membershipsOf(
    db,
    rows.map((row) => row.id),
    siteIds,
  )
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    account: row.account,
    disabled: row.disabledAt !== null,
    must_change_password: row.mustChangePassword,
    default_site_id: siteIds.includes(row.defaultSiteId) ? row.defaultSiteId : null,
    sites: memberships
      .filter((m) => m.accountId === row.id)
      .map((m) => ({
        site_id: m.siteId,
        site_name: m.siteName,
        can_approve: m.canApprove,
        can_administer: m.canAdminister,
      })),
  }))
}

export async function listStaff(db: Db, actor: Actor, query: { keyword?: string; page: number; limit: number }) {
  const { rows, total } = await staff.listStaff(db, actor.siteId, query)
  return { list: await present(db, actor, rows), total }
}

/** An account of the caller's site; another site's is not found. */
async function staffOf(db: Db, actor: Actor, id: number) {
  const row = await staff.findStaff(db, actor.siteId, id)
  if (!row) throw new AppError(Code.NOT_FOUND, 'staff.notFound')
  return row
}

/**
 * An account the caller may act on (reset, end, enable, rename, rights, sites): of her site, and
 * in no site she does not administer, so that one site's administrator cannot take over an
 * account that holds rights elsewhere.
 */
async function staffToActOn(db: Db, actor: Actor, id: number) {
  const row = await staffOf(db, actor, id)
  const administered = await sitesOf(db, actor)
  if ((await listAccountSites(db, id)).some((site) => !administered.includes(site.id)))
    throw new AppError(Code.FORBIDDEN, 'staff.otherSites')
  return row
}

export async function getStaff(db: Db, actor: Actor, id: number) {
  const [member] = await present(db, actor, [await staffOf(db, actor, id)])
  return member
}

export const administeredSites = (db: Db, actor: Actor) => staff.administeredSites(db, actor.accountId)

/** Refuses a change that leaves one of the sites without an administrator who can sign in. */
async function keepAdministrators(db: Db, siteIds: number[]) {
  for (const siteId of siteIds) {
    if ((await staff.countAdministrators(db, siteId)) === 0)
      throw new AppError(Code.CONFLICT, 'staff.lastAdministrator')
  }
}

/** Checks the form (with the account's name as it stays) and the sites: each one the caller administers, none twice. */
function checkInput(input: StaffInput, account: string | undefined, administered: number[]) {
  const data: FormData = {
    name: input.name,
    account,
    sites: input.sites,
    default_site_id: input.default_site_id,
  }
  const errors = validateForm(staffForm, data)
  if (errors.length) throw new FormInvalidError(errors)
  const chosen = input.sites.map((row) => row.site_id)
  if (chosen.some((siteId) => !administered.includes(siteId))) throw new AppError(Code.FORBIDDEN, 'staff.siteNotYours')
  if (new Set(chosen).size !== chosen.length) throw new AppError(Code.INVALID_INPUT, 'staff.siteTwice')
  if (input.default_site_id !== undefined && !chosen.includes(input.default_site_id)) {
    throw new AppError(Code.INVALID_INPUT, 'staff.defaultNotChosen')
  }
}

const membershipOf = (accountId: number, row: StaffInput['sites'][number]) => ({
  accountId,
  siteId: row.site_id,
  canApprove: row.rights?.includes('approve') ?? false,
  canAdminister: row.rights?.includes('administer') ?? false,
})

/**
 * Creates an account with a one-time password, which she must change at her first sign-in, or
 * changes one's name and its sites among the caller's (a site taken away ends her sessions there).
 */
export async function saveStaff(db: Db, actor: Actor, input: StaffInput): Promise<{ id: number; password?: string }> {
  const administered = await sitesOf(db, actor)
  const existing = input.id === undefined ? undefined : await staffToActOn(db, actor, input.id)
  checkInput(input, existing?.account ?? input.account, administered)
  if (!existing) return createStaff(db, actor, input)
  const id = existing.id
  const chosen = input.sites.map((row) => row.site_id)
  await db.transaction(async (tx) => {
    await staff.renameAccount(tx, id, input.name.trim())
    for (const row of input.sites) await staff.setMembership(tx, membershipOf(id, row))
    const current = await listAccountSites(tx, id)
    for (const site of current) {
      if (administered.includes(site.id) && !chosen.includes(site.id))
        await removeSiteFromAccount(tx, actor, id, site.id)
    }
    if (input.default_site_id !== undefined) await setDefaultSite(tx, id, input.default_site_id)
    await keepAdministrators(tx, administered)
    await writeAudit(tx, { ...actor, action: 'update', entity: ENTITY, entityId: id })
  })
  return { id }
}

/** A one-time password that passes the rules of a password of the account. */
export function oneTimePasswordFor(account: string): string {
  let password = oneTimePassword()
  // A random one may, rarely, hold a short account name, which a password must not.
  while (newPasswordProblem(password, '', account)) password = oneTimePassword()
  return password
}

/** Why an account name cannot be a new account's: its rule, or another account (of any site) has it. */
export async function newAccountProblem(
  db: Db,
  account: string,
): Promise<{ code: Code; key: string; params?: { account: string } } | undefined> {
  if (!ACCOUNT_PATTERN.test(account)) return { code: Code.INVALID_INPUT, key: 'staff.accountRule' }
  if (await accountExists(db, account)) return { code: Code.CONFLICT, key: 'staff.accountTaken', params: { account } }
  return undefined
}

/**
 * Adds an account of a free name with a one-time password, which she must change at her first
 * sign-in, and her sites, audited; answers its id and the password, to be shown once and kept nowhere.
 */
export async function addStaffAccount(
  tx: Db,
  actor: Actor,
  input: StaffInput & { account: string },
): Promise<{ id: number; password: string }> {
  const password = oneTimePasswordFor(input.account)
  const id = await createAccount(tx, {
    account: input.account,
    name: input.name.trim(),
    passwordHash: await hashPassword(password),
    mustChangePassword: true,
    siteIds: [input.default_site_id ?? input.sites[0].site_id],
  })
  for (const row of input.sites) await staff.setMembership(tx, membershipOf(id, row))
  await writeAudit(tx, { ...actor, action: 'create', entity: ENTITY, entityId: id })
  return { id, password }
}

function createStaff(db: Db, actor: Actor, input: StaffInput) {
  const account = (input.account ?? '').trim()
  return db.transaction(async (tx) => {
    const problem = await newAccountProblem(tx, account)
    if (problem) throw new AppError(problem.code, problem.key, problem.params)
    return addStaffAccount(tx, actor, { ...input, account })
  })
}

/** Ends the account at once (every session of it); not the caller's own, not a site's last administrator. */
export async function disableStaff(db: Db, actor: Actor, id: number): Promise<void> {
  await staffToActOn(db, actor, id)
  if (id === actor.accountId) throw new AppError(Code.CONFLICT, 'staff.notYourself')
  await db.transaction(async (tx) => {
    await endAccount(tx, actor, id)
    await keepAdministrators(
      tx,
      (await listAccountSites(tx, id)).map((site) => site.id),
    )
  })
}

export async function enableStaff(db: Db, actor: Actor, id: number): Promise<void> {
  await staffToActOn(db, actor, id)
  await db.transaction(async (tx) => {
    if (await staff.enableAccount(tx, id)) {
      await writeAudit(tx, { ...actor, action: 'enable', entity: ENTITY, entityId: id })
    }
  })
}

/** A new one-time password, to be changed at the next sign-in; her sessions end. Not the caller's own. */
export async function resetStaffPassword(db: Db, actor: Actor, id: number): Promise<string> {
  const { account } = await staffToActOn(db, actor, id)
  if (id === actor.accountId) throw new AppError(Code.CONFLICT, 'staff.notYourself')
  const password = oneTimePasswordFor(account)
  await resetPassword(db, actor, id, password)
  return password
}
