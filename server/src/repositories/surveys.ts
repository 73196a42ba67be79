import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types.js';
import { accounts, customers, surveyAnswers, surveys } from '../db/schema.js';
import { AppError, Code, FormInvalidError } from '../errors.js';
import { formByName, validateForm, type FormData } from '../lib/forms.js';
import { writeAudit } from './audit.js';
import type { Actor } from './formRecords.js';

/** The form whose rules an acknowledgement follows (src/forms). */
export const ACKNOWLEDGEMENT_FORM = '入住须知';

/** The site's current check-in rules (the highest version), or undefined. */
export async function currentSurvey(db: Db, siteId: number) {
  const [survey] = await db
    .select({ id: surveys.id, version: surveys.version, title: surveys.title, content: surveys.content })
    .from(surveys)
    .where(eq(surveys.siteId, siteId))
    .orderBy(desc(surveys.version))
    .limit(1);
  return survey;
}

export interface AnswerInput {
  customerId: number;
  surveyId: number;
  data: FormData;
}

/** Stores a customer's signed acknowledgement of the site's current rules; one live one per customer and version. */
export async function saveAnswer(db: Db, actor: Actor, input: AnswerInput): Promise<number> {
  const definition = formByName(ACKNOWLEDGEMENT_FORM)!;
  const errors = validateForm(definition, input.data);
  if (errors.length) throw new FormInvalidError(errors);
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, input.customerId), eq(customers.siteId, actor.siteId)));
    if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound');
    const [survey] = await tx
      .select({ id: surveys.id, version: surveys.version })
      .from(surveys)
      .where(and(eq(surveys.id, input.surveyId), eq(surveys.siteId, actor.siteId)));
    if (!survey) throw new AppError(Code.NOT_FOUND, 'survey.notFound');
    // Signing rules that have since changed would acknowledge a text nobody was shown.
    if ((await currentSurvey(tx, actor.siteId))?.id !== survey.id) throw new AppError(Code.CONFLICT, 'survey.outdated');

    const [created] = await tx
      .insert(surveyAnswers)
      .values({
        siteId: actor.siteId,
        surveyId: survey.id,
        customerId: customer.id,
        data: input.data,
        createdBy: actor.accountId,
        updatedBy: actor.accountId,
      })
      // The unique index of live answers: a second one (a double tap included) is refused.
      .onConflictDoNothing()
      .returning({ id: surveyAnswers.id });
    if (!created) throw new AppError(Code.CONFLICT, 'survey.alreadyAnswered');
    await writeAudit(tx, { ...actor, action: 'create', entity: 'survey_answers', entityId: created.id });
    return created.id;
  });
}

/** The site's live acknowledgements, newest first. */
export async function listAnswers(db: Db, siteId: number, query: { customerId?: number; page: number; limit: number }) {
  const conditions: SQL[] = [eq(surveyAnswers.siteId, siteId), isNull(surveyAnswers.deletedAt)];
  if (query.customerId !== undefined) conditions.push(eq(surveyAnswers.customerId, query.customerId));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
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
      })
      .from(surveyAnswers)
      .innerJoin(surveys, eq(surveys.id, surveyAnswers.surveyId))
      .innerJoin(customers, eq(customers.id, surveyAnswers.customerId))
      .innerJoin(accounts, eq(accounts.id, surveyAnswers.createdBy))
      .where(where)
      .orderBy(sql`${surveyAnswers.createdAt} desc nulls last`, sql`${surveyAnswers.id} desc nulls last`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(surveyAnswers).where(where),
  ]);
  return {
    list: rows.map((row) => ({ ...row, data: row.data as FormData, created_at: row.created_at.toISOString() })),
    total,
  };
}
