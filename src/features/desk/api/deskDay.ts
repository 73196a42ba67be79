// The desk's day (/api/care/desk/today): today's counts at the site, and the rows behind one of them.
import { request, type RequestOptions } from '@/api/request'
import type { Static } from 'typebox'
import type { DeskList, DeskToday } from '@yuezi/contract/api/desk'

export type DeskDay = Static<typeof DeskToday>['res']
export type DeskCustomer = NonNullable<DeskDay['customers']>[number]
export type DeskVisit = NonNullable<DeskDay['visits']>[number]
export type { DeskList }

/** Quiet: home and the list page show their own error. */
export function deskToday(list?: DeskList, options: RequestOptions = { loading: false, showError: false }) {
  return request<DeskDay>('/api/care/desk/today', list ? { list } : {}, options)
}
