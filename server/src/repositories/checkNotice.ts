import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Actor } from '../actor.js'
import { alias } from 'drizzle-orm/pg-core'
import { accounts, customers, surveyAnswers, surveys } from '../db/schema.js'
import type { Db } from '../db/types.js'
import type { FormData } from '@yuezi/contract/forms/types'

/** The site's current check-in rules (the highest version), or undefined. */
export async function currentSurvey(db: Db, siteId: number) {
  const [survey] = await db
    .select({ id: surveys.id, version: surveys.version, title: surveys.title, content: surveys.content })
    .from(surveys)
    .where(eq(surveys.siteId, siteId))
    .orderBy(desc(surveys.version))
    .limit(1)
  return survey
}

/** A survey of the site (its id and version), or undefined. */
export async function findSurvey(db: Db, siteId: number, id: number) {
  const [survey] = await db
    .select({ id: surveys.id, version: surveys.version })
    .from(surveys)
    .where(and(eq(surveys.id, id), eq(surveys.siteId, siteId)))
  return survey
}

/**
 * Stores a customer's acknowledgement of a survey; undefined when she has a live one of it already
 * (the unique index of live answers: a second one, a double tap included, is refused).
 */
export async function insertAnswer(
  db: Db,
  actor: Actor,
  input: { customerId: number; surveyId: number; data: FormData },
): Promise<number | undefined> {
  const [created] = await db
    .insert(surveyAnswers)
    .values({
      siteId: actor.siteId,
      surveyId: input.surveyId,
      customerId: input.customerId,
      data: input.data,
      createdBy: actor.accountId,
      updatedBy: actor.accountId,
    })
    .onConflictDoNothing()
    .returning({ id: surveyAnswers.id })
  return created?.id
}

/** What a list row of acknowledgements shows: the rules' version, the customer, who signed it in and when. */
const answerColumns = {
  id: surveyAnswers.id,
  survey_id: surveyAnswers.surveyId,
  version: surveys.version,
  title: surveys.title,
  customer_id: surveyAnswers.customerId,
  customer_name: customers.name,
  room: customers.room,
  data: surveyAnswers.data,
  created_at: surveyAnswers.createdAt,
  created_by: surveyAnswers.createdBy,
  created_by_name: accounts.name,
}

/** The site's live acknowledgements, newest first. */
export async function listAnswers(db: Db, siteId: number, query: { customerId?: number; page: number; limit: number }) {
  const conditions: SQL[] = [eq(surveyAnswers.siteId, siteId), isNull(surveyAnswers.deletedAt)]
  if (query.customerId !== undefined) conditions.push(eq(surveyAnswers.customerId, query.customerId))
  const where = and(...conditions)
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(answerColumns)
      .from(surveyAnswers)
      .innerJoin(surveys, eq(surveys.id, surveyAnswers.surveyId))
      .innerJoin(customers, eq(customers.id, surveyAnswers.customerId))
      .innerJoin(accounts, eq(accounts.id, surveyAnswers.createdBy))
      .where(where)
      .orderBy(sql`${surveyAnswers.createdAt} desc nulls last`, sql`${surveyAnswers.id} desc nulls last`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(surveyAnswers).where(where),
  ])
  return {
    list: rows.map((row) => ({ ...row, data: row.data as FormData, created_at: row.created_at.toISOString() })),
    total,
  }
}

const answerUpdaters = alias(accounts, 'updaters')

/** One live acknowledgement of the site with the rules it acknowledges and who changed it last, or undefined. */
export async function getAnswer(db: Db, siteId: number, id: number) {
  const [row] = await db
    .select({
      ...answerColumns,
      content: surveys.content,
      updated_at: surveyAnswers.updatedAt,
      updated_by_name: answerUpdaters.name,
    })
    .from(surveyAnswers)
    .innerJoin(surveys, eq(surveys.id, surveyAnswers.surveyId))
    .innerJoin(customers, eq(customers.id, surveyAnswers.customerId))
    .innerJoin(accounts, eq(accounts.id, surveyAnswers.createdBy))
    .innerJoin(answerUpdaters, eq(answerUpdaters.id, surveyAnswers.updatedBy))
    .where(and(eq(surveyAnswers.id, id), eq(surveyAnswers.siteId, siteId), isNull(surveyAnswers.deletedAt)))
  return row && { ...row, data: row.data as FormData }
}

export async function insertSurvey(db: Db, survey: typeof surveys.$inferInsert): Promise<number> {
  const [row] = await db.insert(surveys).values(survey).returning({ id: surveys.id })
  return row.id
}
