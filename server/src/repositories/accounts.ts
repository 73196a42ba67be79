import { and, asc, eq, isNull } from 'drizzle-orm'
import { accounts, accountSites, sites } from '../db/schema.js'
import type { Db } from '../db/types.js'

export interface NewAccount {
  account: string
  name: string
  passwordHash: string
  mustChangePassword?: boolean
  /** May approve / reject / reverse stock orders in each of its sites; false unless given. */
  canApprove?: boolean
  /** May administer its sites; false unless given. */
  canAdminister?: boolean
  /** The first one is the default site. */
  siteIds: number[]
}

export async function createAccount(db: Db, input: NewAccount): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accounts)
      .values({
        account: input.account,
        name: input.name,
        passwordHash: input.passwordHash,
        mustChangePassword: input.mustChangePassword ?? false,
        defaultSiteId: input.siteIds[0],
      })
      .returning({ id: accounts.id })
    const canApprove = input.canApprove ?? false
    const canAdminister = input.canAdminister ?? false
    await tx
      .insert(accountSites)
      .values(input.siteIds.map((siteId) => ({ accountId: row.id, siteId, canApprove, canAdminister })))
    return row.id
  })
}

/** Whether an account of that name exists, ended or not (account names are never reused). */
export async function accountExists(db: Db, account: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.account, account)).limit(1)
  return row !== undefined
}

/** An account that has not been ended, by its name. */
export async function findAccount(db: Db, account: string) {
  const [row] = await db
    .select({
      id: accounts.id,
      passwordHash: accounts.passwordHash,
      mustChangePassword: accounts.mustChangePassword,
      passwordSetAt: accounts.passwordSetAt,
      defaultSiteId: accounts.defaultSiteId,
    })
    .from(accounts)
    .where(and(eq(accounts.account, account), isNull(accounts.disabledAt)))
  return row
}

/** An account by its id, ended or not. */
export async function getAccount(db: Db, accountId: number) {
  const [row] = await db
    .select({ id: accounts.id, account: accounts.account, defaultSiteId: accounts.defaultSiteId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
  return row
}

/** Ends the account (once): it signs in no more. Answers whether it was going until now. */
export async function disableAccount(db: Db, accountId: number): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ disabledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), isNull(accounts.disabledAt)))
    .returning({ id: accounts.id })
  return rows.length > 0
}

/** Sets a temporary password, which the account must change at its next sign-in. */
export async function setTemporaryPassword(db: Db, accountId: number, passwordHash: string): Promise<void> {
  await db
    .update(accounts)
    .set({ passwordHash, mustChangePassword: true, passwordSetAt: new Date(), updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
}

/** Takes a site from the account's sites; answers whether the account had it. */
export async function deleteAccountSite(db: Db, accountId: number, siteId: number): Promise<boolean> {
  const rows = await db
    .delete(accountSites)
    .where(and(eq(accountSites.accountId, accountId), eq(accountSites.siteId, siteId)))
    .returning({ siteId: accountSites.siteId })
  return rows.length > 0
}

export async function setDefaultSite(db: Db, accountId: number, siteId: number): Promise<void> {
  await db.update(accounts).set({ defaultSiteId: siteId, updatedAt: new Date() }).where(eq(accounts.id, accountId))
}

/** The account's password: its hash, whether it is a one-time one, and when it was set. */
export async function getPassword(db: Db, accountId: number) {
  const [row] = await db
    .select({
      passwordHash: accounts.passwordHash,
      mustChangePassword: accounts.mustChangePassword,
      passwordSetAt: accounts.passwordSetAt,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
  return row
}

/** Sets a password chosen by the account's owner, which ends the duty to change it. */
export async function setPassword(db: Db, accountId: number, passwordHash: string): Promise<void> {
  await db
    .update(accounts)
    .set({ passwordHash, mustChangePassword: false, passwordSetAt: new Date(), updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
}

export function listAccountSites(db: Db, accountId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: sites.id, name: sites.name })
    .from(accountSites)
    .innerJoin(sites, eq(sites.id, accountSites.siteId))
    .where(eq(accountSites.accountId, accountId))
    .orderBy(asc(sites.id))
}

export async function mayUseSite(db: Db, accountId: number, siteId: number): Promise<boolean> {
  const rows = await db
    .select({ siteId: accountSites.siteId })
    .from(accountSites)
    .where(and(eq(accountSites.accountId, accountId), eq(accountSites.siteId, siteId)))
  return rows.length > 0
}
