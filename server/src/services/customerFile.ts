import { FORM_PAGES } from '@yuezi/contract/forms/definitions/pages'
import { daysBetween, fromFen, toFen } from '@yuezi/contract/forms/compute'
import { formByName, formDefinitions } from '@yuezi/contract/forms/index'
import { flagsOf, type RangeBaby } from '@yuezi/contract/forms/ranges'
import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import * as customers from '../repositories/customers.js'
import * as stays from '../repositories/stays.js'
import * as customerFile from '../repositories/customerFile.js'
import { KeptReplies } from '../lib/keptReplies.js'
import { logFileRead } from './accessLog.js'

// Her file (客户档案): her stay, her babies' latest readings, what she owes, and everything recorded
// about her, newest first.

/** How many of a baby's readings her file shows as a trend. */
const TREND_LENGTH = 5
/** How many paediatric round readings are read for the trends: a few per baby, twins included. */
const ROUNDS_READ = 20

/** The forms whose records her timeline lists: every one. */
export const RECORD_NAMES = formDefinitions.map((definition) => definition.name)
const pageOfName = new Map(Object.values(FORM_PAGES).map((page) => [page.name, page]))
const PAGE_OF_KIND = {
  answer: FORM_PAGES.checkNotice,
  specialCare: FORM_PAGES.specialCare,
  outApply: FORM_PAGES.outApplyGift,
} as const

/** The page that opens a row: a record's (or a PDF's record's) by its form's name, else its kind's; none for her bill. */
function pageOf(row: customerFile.TimelineRow) {
  if (row.kind === 'record') return pageOfName.get(row.name)
  if (row.kind !== 'pdf') return PAGE_OF_KIND[row.kind]
  return pageOfName.get(row.name) ?? PAGE_OF_KIND[row.of as keyof typeof PAGE_OF_KIND]
}

/** What a PDF of hers printed: the access log files her bill under her, her records under their kinds. */
const printedOf = (of: string | null) =>
  (of === 'customer' ? 'bill' : of) as 'record' | 'answer' | 'specialCare' | 'outApply' | 'bill'

/** A timeline row as the API answers it: with the form's name, title and the page that opens it. */
function entryOf(row: customerFile.TimelineRow) {
  const page = pageOf(row)
  return {
    kind: row.kind,
    id: row.id,
    name: page?.name ?? row.name,
    title_key: page?.titleKey ?? '',
    route: page?.route ?? '',
    at: row.at,
    by: row.by,
    no: row.no,
    status: row.status,
    ...(row.kind === 'pdf' ? { pdf_of: printedOf(row.of) } : {}),
  }
}

/** What she owes, as her file and her bill show it: self-paid items, family meals, and their total. */
const owedOf = (selfPaid: number, meals: number) => ({
  self_paid: selfPaid,
  meals,
  total: fromFen(toFen(selfPaid) + toFen(meals)),
})

/** The days what she owes is summed for: from her check-in to the day she left, or today; none without a stay. */
const owedDays = (stay: { check_in_date: string; left_on: string | null } | null | undefined, today: string) =>
  stay ? { from: stay.check_in_date, to: stay.left_on ?? today } : null

/**
 * Her bill for a customer of the site: the self-paid items and family meal orders of her stay (to
 * the day she left, or today), and what she owes for them; another site's customer is none.
 */
export async function customerBill(db: Db, siteId: number, customerId: number, today: string) {
  const customer = await customers.getCustomer(db, siteId, customerId, today)
  if (!customer) return undefined
  const stay = customer.stay ?? null
  const days = owedDays(stay, today)
  if (!days) return { customer, stay, items: [], meals: [], owed: owedOf(0, 0) }
  const { selfPaid, mealsOwed, ...rows } = await customerFile.billBetween(
    db,
    customerId,
    FORM_PAGES.familyFood.name,
    days.from,
    days.to,
  )
  return { customer, stay, ...rows, owed: owedOf(selfPaid, mealsOwed) }
}

const paediatricRound = formByName(FORM_PAGES.pediatricianRounds.name)!

/** A round's reading of a baby, marked where it is outside the centre's ranges as the round marked it. */
const reading = (row: customerFile.RoundReading, children: RangeBaby[]) => {
  const tcb = [row.tcb_forehead, row.tcb_chest].filter((value): value is number => value !== null)
  const { taken_at: time, ...values } = row
  return {
    round_date: row.round_date,
    weight: row.weight,
    temperature: row.temperature,
    // The higher of the two skin readings is the one a jaundiced baby is watched by.
    jaundice: tcb.length ? Math.max(...tcb) : null,
    flags: flagsOf(paediatricRound, { ...values, baby_id: Number(row.baby_id) }, { children, time }),
  }
}

/** Her file's head as read: her details and her babies' readings. */
type FileHead = NonNullable<Awaited<ReturnType<typeof customerFile.readFile>>>
/** A page of her timeline as read: its rows, how many in all, what she owes. */
type TimelinePage = NonNullable<Awaited<ReturnType<typeof customerFile.readTimeline>>>

/** How many pages of files an instance keeps: the mothers the desk has open, a few pages each. */
const PAGES_KEPT = 2000
/** How long a file read from the database is answered again, at most (ms): then it is read afresh. */
const KEPT_FOR = 5 * 60_000

interface FileStamp {
  version: number
  today: string
  timeZone: string
  /** Who recorded the page's rows, by account id, as named when it was read. */
  names: Record<string, string>
}

/**
 * Her file as this instance last wrote it, by mother, page and page size: answered again while her
 * file's version is the same (read first, as the read is written to her access log: a change
 * committed meanwhile makes the file read newer than the version it is kept under, never older), and
 * the centre's day, the site's time zone and the names of who recorded the page's rows are too.
 * Her version counts every write of her details, babies, stays and their packages, form records,
 * orders and PDFs. Kept in this instance's memory only, for a few minutes, and given out only to
 * signed-in staff of her site once their read is in her access log.
 */
export class KeptFiles {
  private readonly kept = new KeptReplies<FileStamp>({
    most: PAGES_KEPT,
    keptFor: KEPT_FOR,
    same: (kept, now) =>
      kept.version === now.version &&
      kept.today === now.today &&
      kept.timeZone === now.timeZone &&
      sameNames(kept.names, now.names),
  })

  /**
   * A page of her timeline (newest first) with her file's head, for a customer of the caller's
   * site; another site's customer is not found. The read is written to the access log first.
   */
  async read(db: Db, actor: Actor, query: { customerId: number; page: number; limit: number }, today: string) {
    const { customerId, page, limit } = query
    const key = `${customerId}/${page}/${limit}`
    const keptNames = this.kept.stampOf(key)?.names
    // Logged while her file's version is read: a failed write fails the reply, and costs no round trip.
    const [logged, read] = await Promise.all([
      logFileRead(db, actor, customerId),
      customerFile.readFileVersion(db, {
        siteId: actor.siteId,
        customerId,
        byIds: keptNames ? Object.keys(keptNames).map(Number) : [],
      }),
    ])
    if (!logged || !read) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    const now = { version: read.version, today, timeZone: read.time_zone, names: read.names }
    const kept = this.kept.find(key, now)
    if (kept) return kept

    const head = await customerFile.readFile(db, {
      siteId: actor.siteId,
      customerId,
      today,
      roundName: FORM_PAGES.pediatricianRounds.name,
      roundsRead: ROUNDS_READ,
    })
    if (!head) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    const { from, to } = owedDays(head.stay, today) ?? { from: null, to: null }
    const rows = await customerFile.readTimeline(db, {
      siteId: actor.siteId,
      customerId,
      limit,
      offset: (page - 1) * limit,
      recordNames: RECORD_NAMES,
      mealsName: FORM_PAGES.familyFood.name,
      from,
      to,
    })
    if (!rows) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    const allStays = await stays.staysOf(db, customerId, today)
    const names = Object.fromEntries(rows.page.map((row) => [row.by_id, row.by]))
    return this.kept.keep(key, { ...now, names }, fileOf({ ...head, stays: allStays }, rows, today))
  }
}

/** Whether the accounts a kept page names are named as they were. */
const sameNames = (kept: Record<string, string>, now: Record<string, string>) =>
  Object.keys(kept).every((id) => kept[id] === now[id])

/** Her file as the API answers it: a page of her timeline, and her file's head. */
function fileOf(customer: FileHead & { stays: unknown[] }, read: TimelinePage, today: string) {
  const babies = customer.children.map((baby) => {
    const trend = customer.readings
      .filter((row) => Number(row.baby_id) === baby.id)
      .slice(0, TREND_LENGTH)
      .map((row) => reading(row, customer.children))
      .reverse()
    return {
      id: baby.id,
      name: baby.name,
      sex: baby.sex,
      birth_date: baby.birth_date,
      birth_weight: baby.birth_weight,
      age_days: daysBetween(baby.birth_date, today) ?? 0,
      latest: trend.at(-1) ?? null,
      trend,
    }
  })

  return {
    list: read.page.map(entryOf),
    total: read.total,
    file: {
      id: customer.id,
      name: customer.name,
      phone: customer.phone,
      room: customer.room,
      allergies: customer.allergies,
      diet_needs: customer.diet_needs,
      stay: customer.stay,
      stays: customer.stays,
      babies,
      owed: owedOf(read.self_paid, read.meals),
    },
  }
}
