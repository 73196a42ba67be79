// China has used UTC+8 without daylight saving since 1991, so a fixed offset is exact.
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** Today's date (YYYY-MM-DD) in Asia/Shanghai, the centres' working day. */
export function shanghaiToday(now = new Date()): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** [start, end) of a YYYY-MM-DD day in Asia/Shanghai. */
export function shanghaiDayRange(day: string): [Date, Date] {
  const start = new Date(`${day}T00:00:00+08:00`);
  return [start, new Date(start.getTime() + DAY_MS)];
}

/** A YYYY-MM-DD date moved by a number of days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}
