// The centre's day on the server: the same helpers the app counts days with, in the caller's site's zone.
import { centreDayRange, centreNow, centreToday, DEFAULT_TIME_ZONE, isTimeZone, utcOffsetMinutes } from '@yuezi/contract/forms/centreDay';

export { isTimeZone };

/** Anything that knows its site's zone: a session, a site row. */
export interface SiteZone {
  timeZone: string;
}

/** A site created without a zone is in this one (the demo sites are). */
export const DEFAULT_ZONE: SiteZone = { timeZone: DEFAULT_TIME_ZONE };

/** Today's date (YYYY-MM-DD) at the site. */
export const siteToday = (site: SiteZone, now = new Date()) => centreToday(site, now);

/** The site's wall clock at an instant, YYYY-MM-DD HH:mm (as datetime fields keep it). */
export const siteNow = (site: SiteZone, at = new Date()) => centreNow(site, at);

/** [start, end) of a YYYY-MM-DD day at the site. */
export const siteDayRange = (site: SiteZone, day: string) => centreDayRange(site, day);

/** The site's offset from UTC now, in minutes east: the app's fallback where it cannot convert zones itself. */
export const siteUtcOffset = (site: SiteZone, now = new Date()) => utcOffsetMinutes(site, now);

const DAY_MS = 24 * 3600_000;

/** A YYYY-MM-DD date moved by a number of days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}
