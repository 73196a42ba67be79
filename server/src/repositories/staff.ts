import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import { accounts, accountSites, sites } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { containing } from './customers.js'

// The staff accounts as their administration sees them: who has a site, with which rights.

/** The sites the account administers, by id. */
export function administeredSites(db: Db, accountId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: sites.id, name: sites.name })
    .from(accountSites)
    .innerJoin(sites, eq(sites.id, accountSites.siteId))
    .where(and(eq(accountSites.accountId, accountId), eq(accountSites.canAdminister, true)))
    .orderBy(asc(sites.id))
}

const memberOf = (siteId: number) =>
  sql`exists (select 1 from ${accountSites} m where m.account_id = ${accounts.id} and m.site_id = ${siteId})`

/** A page of the accounts that have the site, by name; `keyword` matches the name or the account name. */
export async function listStaff(db: Db, siteId: number, query: { keyword?: string; page: number; limit: number }) {
  const keyword = query.keyword?.trim()
  const like = keyword ? containing(keyword) : undefined
  const where = and(memberOf(siteId), like ? or(ilike(accounts.name, like), ilike(accounts.account, like)) : undefined)
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(staffColumns)
      .from(accounts)
      .where(where)
      .orderBy(asc(accounts.name), asc(accounts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(accounts).where(where),
  ])
  return { rows, total }
}

const staffColumns = {
  id: accounts.id,
  name: accounts.name,
  account: accounts.account,
  disabledAt: accounts.disabledAt,
  mustChangePassword: accounts.mustChangePassword,
  defaultSiteId: accounts.defaultSiteId,
}

/** An account that has the site, or undefined. */
export async function findStaff(db: Db, siteId: number, accountId: number) {
  const [row] = await db
    .select(staffColumns)
    .from(accounts)
    .where(and(eq(accounts.id, accountId), memberOf(siteId)))
  return row
}

/** The memberships of the accounts in the given sites, with the site's name. */
export function membershipsOf(db: Db, accountIds: number[], siteIds: number[]) {
  if (!accountIds.length || !siteIds.length) return Promise.resolve([])
  return db
    .select({
      accountId: accountSites.accountId,
      siteId: accountSites.siteId,
      siteName: sites.name,
      canApprove: accountSites.canApprove,
      canAdminister: accountSites.canAdminister,
    })
    .from(accountSites)
    .innerJoin(sites, eq(sites.id, accountSites.siteId))
    .where(and(inArray(accountSites.accountId, accountIds), inArray(accountSites.siteId, siteIds)))
    .orderBy(asc(accountSites.siteId))
}

/** Gives the account the site with these rights, or sets its rights there. */
export async function setMembership(
  db: Db,
  input: { accountId: number; siteId: number; canApprove: boolean; canAdminister: boolean },
): Promise<void> {
  await db
    .insert(accountSites)
    .values(input)
    .onConflictDoUpdate({
      target: [accountSites.accountId, accountSites.siteId],
      set: { canApprove: input.canApprove, canAdminister: input.canAdminister },
      // Unchanged rights write nothing: the row's trigger would end the account's kept sessions.
      setWhere: sql`(${accountSites.canApprove}, ${accountSites.canAdminister}) is distinct from (excluded.can_approve, excluded.can_administer)`,
    })
}

export async function renameAccount(db: Db, accountId: number, name: string): Promise<void> {
  await db
    .update(accounts)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), sql`${accounts.name} is distinct from ${name}`))
}

/** How many accounts not ended administer the site. */
export async function countAdministrators(db: Db, siteId: number): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(accountSites)
    .innerJoin(accounts, eq(accounts.id, accountSites.accountId))
    .where(and(eq(accountSites.siteId, siteId), eq(accountSites.canAdminister, true), isNull(accounts.disabledAt)))
  return total
}

/** Lets an ended account sign in again; answers whether it was ended. */
export async function enableAccount(db: Db, accountId: number): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ disabledAt: null, updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), sql`${accounts.disabledAt} is not null`))
    .returning({ id: accounts.id })
  return rows.length > 0
}
