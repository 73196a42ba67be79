import { and, asc, eq } from 'drizzle-orm'
import { accounts, accountSites, sites } from '../db/schema.js'
import type { Db } from '../db/types.js'

export interface NewAccount {
  account: string
  name: string
  passwordHash: string
  mustChangePassword?: boolean
  /** May approve / reject / reverse stock orders in each of its sites; false unless given. */
  canApprove?: boolean
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
    await tx.insert(accountSites).values(input.siteIds.map((siteId) => ({ accountId: row.id, siteId, canApprove })))
    return row.id
  })
}

export async function findAccount(db: Db, account: string) {
  const [row] = await db
    .select({ id: accounts.id, passwordHash: accounts.passwordHash, defaultSiteId: accounts.defaultSiteId })
    .from(accounts)
    .where(eq(accounts.account, account))
  return row
}

export async function getPasswordHash(db: Db, accountId: number): Promise<string> {
  const [row] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId))
  return row.passwordHash
}

/** Sets a password chosen by the account's owner, which ends the duty to change it. */
export async function setPassword(db: Db, accountId: number, passwordHash: string): Promise<void> {
  await db
    .update(accounts)
    .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
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
