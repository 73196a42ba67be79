// 入住通知单记录: the check-in notices of both kinds, by kind, creation date and keyword, with the
// count of each kind; open, new and delete, and the file of the mother a notice is for.
import { makeAutoObservable, runInAction } from 'mobx'
import Taro from '@tarojs/taro'
import { openServerFile } from '@/api/files'
import type { FormRecord } from '@/api/types'
import { featureByRoute } from '@/features/registry'
import { checkInNoticeMonth, checkInNoticeSmall } from '@yuezi/contract/forms/definitions/checkInNotice'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { t } from '@/i18n'
import { CUSTOMER_FILE_PAGE } from '@/routes'
import { workingDateStore } from '@/stores'
import { ListFilterState, type DayAndKeyword } from '@/stores/listFilters'
import { PagedList } from '@/stores/pagedList'
import { confirm, toast } from '@/utils/feedback'
import { delFormRecord, formRecordExport, getFormRecord, getFormRecordCount, openFormStore } from '@/features/forms'
import { mergedPages } from './mergedPages'

export type { FormRecord }

export type CheckInNoticeKind = 'all' | 'month' | 'small'

export const CHECK_IN_NOTICE_KINDS: { kind: CheckInNoticeKind; labelKey: string; definitions: FormDefinition[] }[] = [
  { kind: 'all', labelKey: 'checkInNoticeList.all', definitions: [checkInNoticeMonth, checkInNoticeSmall] },
  { kind: 'month', labelKey: 'checkInNoticeList.month', definitions: [checkInNoticeMonth] },
  { kind: 'small', labelKey: 'checkInNoticeList.small', definitions: [checkInNoticeSmall] },
]

interface Filters extends DayAndKeyword {
  kind: CheckInNoticeKind
}

const definitionsOf = (kind: CheckInNoticeKind) => CHECK_IN_NOTICE_KINDS.find((k) => k.kind === kind)!.definitions
const queryOf = ({ date, keyword }: Filters) => ({
  ...(date ? { date_from: date, date_to: date } : {}),
  ...(keyword ? { keyword } : {}),
})

function fetcherFor(filters: Filters) {
  const definitions = definitionsOf(filters.kind)
  const query = queryOf(filters)
  const sources = definitions.map(
    (d) => (page: number, limit: number) => getFormRecord({ ...query, name: d.name, page, limit }),
  )
  return sources.length === 1 ? sources[0] : mergedPages(sources)
}

/** Records of each kind: created on the date (getFormRecordCount), or all of them without a date. */
async function countsFor(date: string): Promise<Record<string, number>> {
  const counts = await Promise.all(
    [checkInNoticeMonth, checkInNoticeSmall].map(async (d) => {
      if (date) {
        const result = await getFormRecordCount({ name: d.name, date })
        return 'count' in result ? result.count : (result.counts[d.name] ?? 0)
      }
      return (await getFormRecord({ name: d.name, page: 1, limit: 1 })).total
    }),
  )
  return { [checkInNoticeMonth.name]: counts[0], [checkInNoticeSmall.name]: counts[1] }
}

export const isMonthRecord = (record: FormRecord) => record.name === checkInNoticeMonth.name

const featureOf = (definition: FormDefinition) => featureByRoute(definition.route)!

export class CheckInNoticeListStore {
  readonly filters = new ListFilterState<Filters>(
    { kind: 'all', date: workingDateStore.today, keyword: '' },
    () => this.refresh(),
    'checkInNotices',
  )
  counts: Record<string, number> | null = null
  readonly list: PagedList<FormRecord>

  constructor() {
    this.list = new PagedList<FormRecord>(fetcherFor(this.filters.values))
    makeAutoObservable(this, { list: false, filters: false }, { autoBind: true })
  }

  private loadCounts() {
    countsFor(this.filters.values.date)
      .then((counts) => runInAction(() => (this.counts = counts)))
      .catch(() => runInAction(() => (this.counts = null)))
  }

  /** The counts and the list again, for the current filters. */
  refresh() {
    this.loadCounts()
    return this.list.reload(fetcherFor(this.filters.values))
  }

  /** The count shown on a kind's tab; null until known. */
  countOf(kind: CheckInNoticeKind): number | null {
    if (!this.counts) return null
    const month = this.counts[checkInNoticeMonth.name] ?? 0
    const small = this.counts[checkInNoticeSmall.name] ?? 0
    return kind === 'all' ? month + small : kind === 'month' ? month : small
  }

  /** Her file, from a notice's row (the row itself opens the notice). */
  openCustomerFile(record: FormRecord) {
    if (record.customer_id) Taro.navigateTo({ url: `${CUSTOMER_FILE_PAGE}?id=${record.customer_id}` })
  }

  open(record: FormRecord) {
    openFormStore.open(featureOf(isMonthRecord(record) ? checkInNoticeMonth : checkInNoticeSmall), { id: record.id })
  }

  /** A new notice: the form page opens it for the current customer, or for a new arrival without one. */
  create(definition: FormDefinition) {
    openFormStore.open(featureOf(definition))
  }

  /** The notices as the list is filtered, all pages, as a spreadsheet (a sheet per kind). */
  exportSheet() {
    const names = definitionsOf(this.filters.values.kind).map((definition) => definition.name)
    openServerFile(() => formRecordExport({ ...queryOf(this.filters.values), names }), { download: true })
  }

  async remove(record: FormRecord) {
    const name = record.customer_name ?? String(record.data.customer_name ?? '')
    if (
      !(await confirm(t('checkInNoticeList.deleteConfirm', { name }), {
        confirmText: t('formUi.delete'),
        danger: true,
      }))
    )
      return
    try {
      await delFormRecord(record.id)
    } catch {
      return // the request layer has said why
    }
    this.list.remove((item) => item.id === record.id)
    toast(t('formUi.deleted'))
    countsFor(this.filters.values.date)
      .then((counts) => runInAction(() => (this.counts = counts)))
      .catch(() => {})
  }
}
