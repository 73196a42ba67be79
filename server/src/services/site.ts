import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code, FormInvalidError } from '../errors.js'
import { isTimeZone } from '../lib/dates.js'
import { writeAudit } from '../repositories/audit.js'
import { getSiteSettings, updateSite } from '../repositories/sites.js'
import { currentSurvey, insertSurvey } from '../repositories/checkNotice.js'
import { CLOCK_TIME_PATTERN, centreForm } from '@yuezi/contract/forms/definitions/admin'
import type { FormData } from '@yuezi/contract/forms/types'
import type { VisitPolicy } from '@yuezi/contract/forms/ranges'
import { validateForm } from '@yuezi/contract/forms/validate'
import { CHECK_NOTICE_TITLE } from './checkNotice.js'

// The centre's own settings, changed by its manager. The check-in rules are versioned: a change
// is a new version, so what a mother signed keeps the text she signed.

export interface SiteInput {
  name: string
  time_zone: string
  latitude?: number | null
  longitude?: number | null
  radius: number
  visit_from?: string | null
  visit_to?: string | null
  visit_policy?: VisitPolicy
  creator_may_approve: boolean
  upload_retention_days: number
  rules: string
}

export async function getSite(db: Db, siteId: number) {
  const site = await getSiteSettings(db, siteId)
  if (!site) throw new AppError(Code.NOT_FOUND, 'site.notFound')
  const survey = await currentSurvey(db, siteId)
  return {
    name: site.name,
    time_zone: site.timeZone,
    latitude: site.latitude,
    longitude: site.longitude,
    radius: site.radius,
    visit_from: site.visitFrom,
    visit_to: site.visitTo,
    visit_policy: site.visitPolicy,
    creator_may_approve: site.creatorMayApprove,
    upload_retention_days: site.uploadRetentionDays,
    rules: survey?.content ?? '',
    rules_version: survey?.version ?? 0,
  }
}

const orNull = <T>(value: T | null | undefined) => (value === undefined || value === '' ? null : value)

/** Checks the form and what it cannot know: a real time zone, clock times, both coordinates or neither. */
function check(input: SiteInput) {
  // An app that does not know the visit policy sends none: the centre's stays as it is.
  const data: FormData = {
    visit_policy: 'reason',
    ...input,
    creator_may_approve: input.creator_may_approve ? 'yes' : 'no',
  }
  for (const key of Object.keys(data)) if (data[key] === null) delete data[key]
  const errors = validateForm(centreForm, data)
  if (errors.length) throw new FormInvalidError(errors)
  if (!isTimeZone(input.time_zone.trim())) throw new AppError(Code.INVALID_INPUT, 'site.timeZoneUnknown')
  const from = orNull(input.visit_from)
  const to = orNull(input.visit_to)
  if ([from, to].some((time) => time !== null && !CLOCK_TIME_PATTERN.test(time))) {
    throw new AppError(Code.INVALID_INPUT, 'site.visitTimeFormat')
  }
  if ((from === null) !== (to === null) || (from !== null && to !== null && from >= to)) {
    throw new AppError(Code.INVALID_INPUT, 'site.visitHours')
  }
  if ((orNull(input.latitude) === null) !== (orNull(input.longitude) === null)) {
    throw new AppError(Code.INVALID_INPUT, 'site.coordinatesPair')
  }
  if (!Number.isInteger(input.radius) || !Number.isInteger(input.upload_retention_days)) {
    throw new AppError(Code.INVALID_INPUT, 'site.wholeNumbers')
  }
}

/** Saves the caller's site; changed rules become their next version. */
export async function saveSite(db: Db, actor: Actor, input: SiteInput): Promise<void> {
  check(input)
  await db.transaction(async (tx) => {
    await updateSite(tx, actor.siteId, {
      name: input.name.trim(),
      timeZone: input.time_zone.trim(),
      latitude: orNull(input.latitude),
      longitude: orNull(input.longitude),
      radius: input.radius,
      visitFrom: orNull(input.visit_from),
      visitTo: orNull(input.visit_to),
      ...(input.visit_policy ? { visitPolicy: input.visit_policy } : {}),
      creatorMayApprove: input.creator_may_approve,
      uploadRetentionDays: input.upload_retention_days,
    })
    await writeAudit(tx, { ...actor, action: 'update', entity: 'sites', entityId: actor.siteId })
    const survey = await currentSurvey(tx, actor.siteId)
    if (survey?.content === input.rules) return
    const surveyId = await insertSurvey(tx, {
      siteId: actor.siteId,
      version: (survey?.version ?? 0) + 1,
      title: survey?.title ?? CHECK_NOTICE_TITLE,
      content: input.rules,
    })
    await writeAudit(tx, { ...actor, action: 'create', entity: 'surveys', entityId: surveyId })
  })
}
