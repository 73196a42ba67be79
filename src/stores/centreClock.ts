import { makeAutoObservable } from 'mobx'
import {
  centreDateTime,
  centreNow,
  centreToday,
  DEFAULT_TIME_ZONE,
  type CentreZone,
} from '@yuezi/contract/forms/centreDay'

/**
 * The centre's clock: today and now as the centre's wall clock shows them, in the zone of the
 * signed-in staff member's site (sent with the user info), never the device's own zone, so that
 * a phone set to another zone, a travelling manager or the PC back-office abroad file records
 * under the same day as the front desk.
 */
class CentreClock {
  zone: CentreZone = { timeZone: DEFAULT_TIME_ZONE }

  constructor() {
    // Plain reads, not actions: a component showing today follows a change of zone.
    makeAutoObservable(this, { today: false, now: false, dateTime: false }, { autoBind: true })
  }

  setZone(zone: CentreZone) {
    this.zone = zone
  }

  /** The centre's date today, YYYY-MM-DD. */
  today(): string {
    return centreToday(this.zone)
  }

  /** The centre's date and time now, YYYY-MM-DD HH:mm, as datetime fields keep it. */
  now(): string {
    return centreNow(this.zone)
  }

  /** A server timestamp as the staff read it: the centre's date and time. */
  dateTime(iso: string | null | undefined): string {
    return centreDateTime(this.zone, iso)
  }
}

export const centreClock = new CentreClock()
