// The centre's day on the server: the same helpers the app counts days with, in the caller's site's zone.
import { type CentreZone, DEFAULT_TIME_ZONE, utcOffsetMinutes } from '@yuezi/contract/forms/centreDay'

export { centreDayRange, centreNow, centreToday, type CentreZone, isTimeZone } from '@yuezi/contract/forms/centreDay'

/** A site created without a zone is in this one (the demo sites are). */
export const DEFAULT_ZONE: CentreZone = { timeZone: DEFAULT_TIME_ZONE }

/** The site's offset from UTC now, in minutes east: the app's fallback where it cannot convert zones itself. */
export const siteUtcOffset = (site: CentreZone, now = new Date()) => utcOffsetMinutes(site, now)

const DAY_MS = 24 * 3600_000

/** A YYYY-MM-DD date moved by a number of days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10)
}
