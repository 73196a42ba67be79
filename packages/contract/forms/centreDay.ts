/**
 * The centre's day: which date a moment belongs to, in the site's own time zone, whatever zone
 * the device or the server machine is set to. The app and the server both count days with these.
 *
 * Intl (the platform's own time-zone database) does the conversion; a runtime without it, or
 * without the zone, falls back to the fixed offset the server sent with the user info, which is
 * exact for zones without daylight saving, such as China's.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai'
/** Asia/Shanghai has been UTC+8 without daylight saving since 1991. */
export const DEFAULT_UTC_OFFSET_MINUTES = 480

/** Where the centre is: its IANA zone, and that zone's offset when the user info was sent. */
export interface CentreZone {
  timeZone: string
  /** Minutes east of UTC; used only where Intl cannot convert. */
  utcOffsetMinutes?: number
}

const MINUTE_MS = 60_000
const pad = (n: number) => String(n).padStart(2, '0')

/**
 * Zones whose offset has not changed since an instant: days after it are counted without Intl,
 * whose time-zone data costs a phone tens of milliseconds to load before the first page shows.
 */
const FIXED_ZONES: Record<string, { utcOffsetMinutes: number; since: number }> = {
  // China's last daylight saving ended on 15 September 1991.
  [DEFAULT_TIME_ZONE]: { utcOffsetMinutes: DEFAULT_UTC_OFFSET_MINUTES, since: Date.UTC(1991, 8, 15) },
}

const formatters = new Map<string, Intl.DateTimeFormat | null>()

// Building a formatter is slow, so one per zone is kept; null marks a zone Intl cannot convert.
function formatterOf(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    let formatter: Intl.DateTimeFormat | null
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    } catch {
      formatter = null
    }
    formatters.set(timeZone, formatter)
  }
  return formatters.get(timeZone) ?? null
}

/** True for an IANA zone name this runtime can convert to (the server checks sites' zones with it). */
export function isTimeZone(timeZone: string): boolean {
  return formatterOf(timeZone) !== null
}

/** The zone's offset from UTC at an instant, in minutes east. */
export function utcOffsetMinutes(zone: CentreZone, instant: Date): number {
  const fixed = FIXED_ZONES[zone.timeZone]
  if (fixed && instant.getTime() >= fixed.since) return fixed.utcOffsetMinutes
  const formatter = formatterOf(zone.timeZone)
  if (!formatter) return zone.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES
  const parts: Record<string, number> = {}
  for (const part of formatter.formatToParts(instant)) parts[part.type] = Number(part.value)
  const wallAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second)
  return Math.round((wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE_MS)
}

/** The centre's wall clock at an instant: date YYYY-MM-DD, time HH:mm:ss. */
export function wallClock(zone: CentreZone, instant: Date = new Date()): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + utcOffsetMinutes(zone, instant) * MINUTE_MS)
  const date = `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`
  const time = `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`
  return { date, time }
}

/** The centre's date today (YYYY-MM-DD). */
export const centreToday = (zone: CentreZone, now: Date = new Date()) => wallClock(zone, now).date

/** The centre's date and time now as forms keep it: YYYY-MM-DD HH:mm. */
export function centreNow(zone: CentreZone, now: Date = new Date()): string {
  const { date, time } = wallClock(zone, now)
  return `${date} ${time.slice(0, 5)}`
}

/** A stored instant (ISO text) as the centre's date and time, YYYY-MM-DD HH:mm; '' when there is none. */
export function centreDateTime(zone: CentreZone, iso: string | null | undefined): string {
  if (!iso) return ''
  const instant = new Date(iso)
  return Number.isNaN(instant.getTime()) ? '' : centreNow(zone, instant)
}

/** The instant the centre's wall clock shows midnight of the day whose UTC midnight is `wall`. */
function midnight(zone: CentreZone, wall: number): Date {
  // The offset at midnight may differ from the offset a day earlier (daylight saving): try twice.
  let instant = wall - utcOffsetMinutes(zone, new Date(wall)) * MINUTE_MS
  instant = wall - utcOffsetMinutes(zone, new Date(instant)) * MINUTE_MS
  return new Date(instant)
}

/** [start, end) of the centre's day `date` (YYYY-MM-DD), as instants. */
export function centreDayRange(zone: CentreZone, date: string): [Date, Date] {
  const [y, m, d] = date.split('-').map(Number)
  return [midnight(zone, Date.UTC(y, m - 1, d)), midnight(zone, Date.UTC(y, m - 1, d + 1))]
}
