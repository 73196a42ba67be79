// Choices that come from the server's lists (OptionsSource in the form definitions), loaded once
// and shared by every field that uses them. A source may depend on another field of the same row
// (a product's batches): its list is loaded per value of that field. Imported by the form pages
// only (pagesHome).
import { makeAutoObservable, runInAction } from 'mobx'
import { getProductBatch, giftTypeList, productList, productPackageList } from '@/api/stock'
import type { Room } from '@/api/types'
import { departmentList, floorList, stayPackageList } from '@/features/forms/api/formRecords'
import { isNearExpiry, offeredBatches } from '@yuezi/contract/forms/definitions/stockBatches'
import type { OptionsSource } from '@yuezi/contract/forms/types'
import { t } from '@/i18n'
import { centreClock } from '@/stores/centreClock'

export interface Choice {
  value: string | number
  label: string
  /** A heading the choice is listed under (a room's floor). */
  group?: string
  /** A room with a customer in it or booked for her: that customer's id. */
  takenBy?: number | null
  /** A second line (a batch's stock and expiry, a product's stock and price). */
  note?: string
  /** Shown as a warning (a batch expiring soon). */
  warn?: boolean
  /** Values for other fields of the same row (or form, outside rows), set when this choice is picked (a product's price, a stay package's days). */
  fill?: Record<string, unknown>
  /** The item the choice stands for (a batch, a package). */
  data?: unknown
  /** Retired: named on the records that chose it, not offered for new ones. */
  retired?: boolean
}

/**
 * Sources whose list depends on another field of the same row: the key of that field. A change
 * of that field clears the dependent field and picks its first choice again.
 */
export const DEPENDS_ON: Partial<Record<OptionsSource, string>> = { getProductBatch: 'product_id' }

/**
 * Products listed in one go (the server's page limit). A site with more has the popup search
 * them on the server.
 */
const PRODUCTS_MAX = 100

type Param = string | number | undefined

/** A loaded list; `partial`: the server has more than it sent (search it with `search`). */
interface Loaded {
  choices: Choice[]
  partial?: boolean
}
const whole = (choices: Choice[]): Loaded => ({ choices })

/** The products in use; with `selfPaid`, only those sold to customers as self-paid items. */
async function products(keyword?: string, selfPaid?: boolean): Promise<Loaded> {
  const page = await productList({ page: 1, limit: PRODUCTS_MAX, keyword, ...(selfPaid && { self_paid: true }) })
  const choices = page.list.map((p) => ({
    value: p.id,
    label: p.spec ? t('common.withDetail', { name: p.name, detail: p.spec }) : p.name,
    note: t('stock.productNote', { stock: p.stock, unit: p.unit, price: p.price.toFixed(2) }),
    fill: { price: p.price },
    data: p,
  }))
  return { choices, partial: page.total > choices.length }
}

/** Whose a room is: the mother in it, or the one it is booked for and when she comes. */
function roomNote(room: Room): string | undefined {
  if (!room.name) return undefined
  return room.status === 'arriving'
    ? t('formUi.roomBooked', { name: room.name, date: (room.check_in_date ?? '').slice(5) })
    : t('formUi.roomTakenBy', { name: room.name })
}

/** How each list becomes choices; a source missing here cannot be shown yet. */
const LOADERS: Partial<Record<OptionsSource, (param: Param) => Promise<Loaded>>> = {
  floorList: async () =>
    whole(
      (await floorList()).flatMap((floor) =>
        floor.rooms.map((room) => ({
          value: room.room,
          label: room.room,
          group: t('formUi.floor', { floor: floor.floor }),
          takenBy: room.customer_id,
          note: roomNote(room),
        })),
      ),
    ),
  departmentList: async () =>
    whole((await departmentList()).map((d) => ({ value: d.id, label: d.name, retired: d.retired }))),
  giftTypeList: async () =>
    whole((await giftTypeList()).map((g) => ({ value: g.id, label: g.name, data: g, retired: g.retired }))),
  productPackageList: async () =>
    whole((await productPackageList()).map((p) => ({ value: p.id, label: p.name, data: p, retired: p.retired }))),
  stayPackageList: async () =>
    whole(
      (await stayPackageList()).map((p) => ({
        value: p.id,
        label: p.name,
        note: t('formUi.stayPackageNote', { days: p.days, price: p.price.toFixed(2) }),
        fill: { days: p.days },
        data: p,
        retired: p.retired,
      })),
    ),
  productList: () => products(),
  selfPaidProductList: () => products(undefined, true),
  getProductBatch: async (productId) => {
    const id = Number(productId)
    if (!Number.isInteger(id) || id <= 0) return whole([])
    // Expiry is by the centre's real date (as the server checks it), not the working date.
    const today = centreClock.today()
    return whole(
      offeredBatches(await getProductBatch(id), today).map((b) => {
        const warn = b.near_expiry || isNearExpiry(b.expiry_date, today)
        return {
          value: b.id,
          label: b.batch_no,
          note: t(warn ? 'stock.batchNoteNear' : 'stock.batchNote', { quantity: b.quantity, expiry: b.expiry_date }),
          warn,
          data: b,
        }
      }),
    )
  },
}

/** Sources searched on the server when their list is partial. */
const SEARCHES: Partial<Record<OptionsSource, (keyword: string) => Promise<Loaded>>> = {
  productList: (keyword) => products(keyword),
  selfPaidProductList: (keyword) => products(keyword, true),
}

interface ListState {
  choices: Choice[]
  loading: boolean
  error: string
  loaded: boolean
  partial?: boolean
}

const EMPTY: ListState = { choices: [], loading: false, error: '', loaded: false }

const keyOf = (source: OptionsSource, param?: Param) => (param === undefined ? source : `${source}:${param}`)

class FormOptionsStore {
  lists: Record<string, ListState> = {}
  /** Server searches of partial lists, by source and keyword. */
  searches: Record<string, ListState> = {}

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  state(source: OptionsSource, param?: Param): ListState {
    return this.lists[keyOf(source, param)] ?? EMPTY
  }

  /** Loads a list once (again with `force`, or after an error); per `param` for a dependent source. */
  async load(source: OptionsSource, force = false, param?: Param) {
    const key = keyOf(source, param)
    const current = this.state(source, param)
    if (current.loading || (current.loaded && !force)) return
    const loader = LOADERS[source]
    this.lists[key] = { ...current, loading: true, error: '' }
    try {
      if (!loader) throw new Error(t('formUi.sourceUnavailable'))
      const { choices: loaded, partial } = await loader(param)
      runInAction(() => {
        // Remembered choices the list no longer has stay (an opened order's spent batch).
        const kept = this.state(source, param).choices.filter((c) => !loaded.some((l) => l.value === c.value))
        this.lists[key] = { choices: [...loaded, ...kept], loading: false, error: '', loaded: true, partial }
      })
    } catch (error) {
      runInAction(
        () => (this.lists[key] = { ...this.state(source, param), loading: false, error: (error as Error).message }),
      )
    }
  }

  searchState(source: OptionsSource, keyword: string): ListState {
    return this.searches[`${source}?${keyword}`] ?? EMPTY
  }

  /** Searches a partial list on the server (once per keyword; again after an error). */
  async search(source: OptionsSource, keyword: string) {
    const key = `${source}?${keyword}`
    const current = this.searchState(source, keyword)
    const searcher = SEARCHES[source]
    if (!searcher || current.loading || current.loaded) return
    this.searches[key] = { ...EMPTY, loading: true }
    try {
      const { choices } = await searcher(keyword)
      runInAction(() => (this.searches[key] = { choices, loading: false, error: '', loaded: true }))
    } catch (error) {
      runInAction(() => (this.searches[key] = { ...EMPTY, error: (error as Error).message }))
    }
  }

  /**
   * Choices known without loading (an opened order's batches, which may no longer be offered):
   * shown until the list itself has them.
   */
  remember(source: OptionsSource, param: Param, choices: Choice[]) {
    const key = keyOf(source, param)
    const current = this.lists[key] ?? EMPTY
    const missing = choices.filter((choice) => !current.choices.some((c) => c.value === choice.value))
    this.lists[key] = { ...current, choices: [...current.choices, ...missing] }
  }

  /** The loaded items of a list (batches, packages), as the server answered them. */
  itemsOf<T>(source: OptionsSource, param?: Param): T[] {
    return this.state(source, param).choices.map((choice) => choice.data as T)
  }

  /** A list whose loader lives with the pages that use it (the administration's sites). */
  provide(source: OptionsSource, load: () => Promise<Choice[]>) {
    LOADERS[source] ??= async () => whole(await load())
  }

  /** Forgets every list (another site's lists differ). */
  reset() {
    this.lists = {}
    this.searches = {}
  }
}

export const formOptionsStore = new FormOptionsStore()
