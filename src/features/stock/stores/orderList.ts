// One of the stock order lists (出库单, 大礼包出库单, 资费物品出库单, 入库单): its filters, its pages,
// and open / new / delete / approve / reject / reverse of an order, and its PDF.
import { makeAutoObservable } from 'mobx'
import Taro from '@tarojs/taro'
import { openServerFile } from '@/api/files'
import type { Customer } from '@/api/types'
import { openFormStore } from '@/features/forms'
import { featureByRoute } from '@/features/registry'
import { inbound, outApplyGeneral, outApplyGift, specialCare } from '@yuezi/contract/forms/definitions/stock'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { t } from '@/i18n'
import { CUSTOMER_FILE_PAGE } from '@/routes'
import { sessionStore, workingDateStore } from '@/stores'
import { ListFilterState, type DayAndKeyword } from '@/stores/listFilters'
import { PagedList } from '@/stores/pagedList'
import { confirm, toast } from '@/utils/feedback'
import { inboundApi, type Inbound } from '../api/inbound'
import type { OrderBase, OrderQuery, OrderStatus } from '../api/orders'
import { outApplyApi, type OutApply } from '../api/outApply'
import { specialCareApi, type SpecialCare } from '../api/specialCare'

export type OrderListKind = 'outApplyGeneral' | 'outApplyGift' | 'specialCare' | 'inbound'

/** A row of any of the lists. */
export type Order = Omit<OrderBase, 'items'> & Partial<OutApply> & Partial<SpecialCare> & Partial<Inbound>

export type { OrderStatus }

interface Kind {
  titleKey: string
  /** The form an order opens in. */
  definition: FormDefinition
  api: typeof outApplyApi | typeof specialCareApi | typeof inboundApi
  filters: Partial<OrderQuery>
  /** Goods coming in: approving puts stock in and reversing takes it out. */
  incoming?: boolean
}

const ORDER_LISTS: Record<OrderListKind, Kind> = {
  outApplyGeneral: {
    titleKey: 'stock.outApplyGeneralList.title',
    definition: outApplyGeneral,
    api: outApplyApi,
    filters: { type: 'general' },
  },
  outApplyGift: {
    titleKey: 'stock.outApplyGiftList.title',
    definition: outApplyGift,
    api: outApplyApi,
    filters: { type: 'gift' },
  },
  specialCare: { titleKey: 'stock.specialCareList.title', definition: specialCare, api: specialCareApi, filters: {} },
  inbound: { titleKey: 'stock.inboundList.title', definition: inbound, api: inboundApi, filters: {}, incoming: true },
}

export const ORDER_STATUSES: ('all' | OrderStatus)[] = ['all', 'pending', 'approved', 'rejected', 'reversed']

interface Filters extends DayAndKeyword {
  status: 'all' | OrderStatus
}

type CheckBody = { approve: boolean; reason?: string } | { reverse: true }

export class OrderListStore {
  readonly kind: Kind
  readonly filters: ListFilterState<Filters>
  /** The order whose rejection reason is being typed. */
  rejecting: Order | null = null
  reason = ''
  /** A new order waits for a customer to be chosen. */
  pickingCustomer = false
  readonly list: PagedList<Order>

  /** `waiting`: opened from the desk's day, the list shows the pending orders of every day. */
  constructor(kind: OrderListKind, { waiting = false } = {}) {
    this.kind = ORDER_LISTS[kind]
    this.filters = new ListFilterState<Filters>(
      waiting
        ? { status: 'pending', date: '', keyword: '' }
        : { status: 'all', date: workingDateStore.today, keyword: '' },
      () => this.refresh(),
      // Opened from the desk's day it shows what waits, whatever she last filtered.
      waiting ? undefined : `orders.${kind}`,
    )
    this.list = new PagedList<Order>(this.fetcher())
    makeAutoObservable(this, { kind: false, list: false, filters: false }, { autoBind: true })
  }

  /**
   * Reversing is for the staff with the approve right in the site; approving and rejecting too, but
   * each order says whether its caller may (not her own, see `may_approve`); deleting a pending
   * order is for everyone.
   */
  get canApprove() {
    return sessionStore.userInfo?.can_approve === true
  }

  /** What the list shows, without its paging. */
  private query() {
    const { status, date, keyword } = this.filters.values
    return {
      ...this.kind.filters,
      ...(status !== 'all' ? { status } : {}),
      ...(date ? { date_from: date, date_to: date } : {}),
      ...(keyword ? { keyword } : {}),
    }
  }

  private fetcher() {
    const query = this.query()
    return (page: number, limit: number) =>
      this.kind.api.index({ ...query, page, limit }) as Promise<{ list: Order[]; total: number }>
  }

  /** The list again, from its first page, for the current filters. */
  refresh() {
    return this.list.reload(this.fetcher())
  }

  private get feature() {
    return featureByRoute(this.kind.definition.route)!
  }

  /** Opens an order in its form. */
  open(order: Order) {
    openFormStore.open(this.feature, { id: order.id })
  }

  /** Her file, from the row of an order for her (the row itself opens the order). */
  openCustomerFile(order: Order) {
    if (order.customer_id) Taro.navigateTo({ url: `${CUSTOMER_FILE_PAGE}?id=${order.customer_id}` })
  }

  /** A new order, for `customer` when one is chosen; one for a customer without asks for her first. */
  create(customer: Customer | null) {
    if (!openFormStore.open(this.feature, { customer })) this.pickingCustomer = true
  }

  /** The customer picker closed with `customer` chosen: the new order opens for her. */
  customerPicked(customer: Customer | null) {
    this.pickingCustomer = false
    if (customer) openFormStore.open(this.feature, { customer })
  }

  /** The order as the server now has it replaces the row (a filtered status may drop it). */
  private replace(order: Order) {
    const { status } = this.filters.values
    if (status !== 'all' && order.status !== status) this.list.remove((item) => item.id === order.id)
    else this.list.update((item) => (item.id === order.id ? { ...item, ...order } : item))
  }

  /** The list as it is filtered, all its pages, as a spreadsheet. */
  exportSheet() {
    openServerFile(() => this.kind.api.exportSheet(this.query()), { download: true })
  }

  /** The order as a PDF, opened to print or forward. */
  exportPdf(order: Order) {
    openServerFile(() => this.kind.api.pdf(order.id))
  }

  async remove(order: Order) {
    if (!(await confirm(t('stock.deleteConfirm', { no: order.no }), { confirmText: t('formUi.delete'), danger: true })))
      return
    try {
      await this.kind.api.del(order.id)
    } catch {
      return // the request layer has said why
    }
    this.list.remove((item) => item.id === order.id)
    toast(t('formUi.deleted'), { long: true })
  }

  private async check(order: Order, body: CheckBody, done: string) {
    try {
      const updated = (await this.kind.api.check({ id: order.id, ...body } as never)) as Order
      this.replace(updated)
      toast(t(done), { long: true })
      return true
    } catch {
      return false // the request layer has shown the server's message
    }
  }

  async approve(order: Order) {
    const question = this.kind.incoming ? 'stock.approveInboundConfirm' : 'stock.approveConfirm'
    if (await confirm(t(question, { no: order.no }), { confirmText: t('stock.approve') })) {
      await this.check(order, { approve: true }, 'stock.done.approved')
    }
  }

  async reverse(order: Order) {
    const question = this.kind.incoming ? 'stock.reverseInboundConfirm' : 'stock.reverseConfirm'
    if (await confirm(t(question, { no: order.no }), { confirmText: t('stock.reverse'), danger: true })) {
      await this.check(order, { reverse: true }, 'stock.done.reversed')
    }
  }

  startReject(order: Order) {
    this.rejecting = order
  }

  cancelReject() {
    this.rejecting = null
  }

  setReason(reason: string) {
    this.reason = reason
  }

  /** Rejects the order being rejected, with the reason typed (one is needed). */
  async reject() {
    if (!this.rejecting) return
    const reason = this.reason.trim()
    if (!reason) {
      toast(t('stock.reasonRequired'), { long: true })
      return
    }
    if (await this.check(this.rejecting, { approve: false, reason }, 'stock.done.rejected')) {
      this.rejecting = null
      this.reason = ''
    }
  }
}
