import type { DeskList } from '@yuezi/contract/api/desk'
import { FORM_PAGES } from '@yuezi/contract/forms/definitions/pages'
import type { Db } from '../db/types.js'
import { centreDayRange, centreNow, centreToday, type CentreZone } from '../lib/dates.js'
import { customersOf, dayCounts, openVisits, type DayQuery } from '../repositories/desk.js'

/** Who asks: her site and its zone, her account, and whether she may approve there. */
export interface DeskCaller extends CentreZone {
  siteId: number
  accountId: number
  canApprove: boolean
  creatorMayApprove: boolean
}

const MINUTE_MS = 60_000

/** Minutes between two of the centre's wall-clock times ('YYYY-MM-DD HH:mm'). */
const minutesBetween = (from: string, to: string) =>
  Math.max(
    0,
    Math.round((Date.parse(`${to.replace(' ', 'T')}Z`) - Date.parse(`${from.replace(' ', 'T')}Z`)) / MINUTE_MS),
  )

/**
 * Today's work at the caller's site: arrivals (late ones too), departures (overdue ones too), mothers
 * booked for a later day, visitors still inside and for how long,
 * mothers in house with no round yet, and (for approvers) the orders waiting for her; with `list`,
 * the rows behind one of those counts.
 */
export async function deskToday(db: Db, caller: DeskCaller, list?: DeskList, now = new Date()) {
  const today = centreToday(caller, now)
  const [from, to] = centreDayRange(caller, today)
  const query: DayQuery = {
    siteId: caller.siteId,
    accountId: caller.accountId,
    today,
    from,
    to,
    visitName: FORM_PAGES.visit.name,
    roundNames: [FORM_PAGES.obstetricianRounds.name, FORM_PAGES.pediatricianRounds.name],
    approver: caller.canApprove ? { creatorMayApprove: caller.creatorMayApprove } : null,
  }
  const [counts, rows] = await Promise.all([
    dayCounts(db, query),
    list === 'visitors'
      ? openVisits(db, query).then((visits) => ({ visits }))
      : list
        ? customersOf(db, query, list).then((customers) => ({ customers }))
        : {},
  ])
  const earliest = counts.earliest_in
  return {
    date: today,
    arrivals: counts.arrivals,
    departures: counts.departures,
    booked: counts.booked,
    visitors_inside: counts.visitors_inside,
    longest_inside_minutes: earliest ? minutesBetween(earliest, centreNow(caller, now)) : null,
    no_round: counts.no_round,
    waiting: caller.canApprove
      ? {
          outApplyGeneral: counts.out_apply_general ?? 0,
          outApplyGift: counts.out_apply_gift ?? 0,
          specialCare: counts.special_care ?? 0,
          inbound: counts.inbound ?? 0,
        }
      : null,
    ...rows,
  }
}
