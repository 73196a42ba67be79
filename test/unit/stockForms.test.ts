import {
  fieldErrorMessage,
  fieldsOf,
  formByName,
  formDefinitions,
  futureDateErrors,
  labelKeyOf,
  stockFormByName,
  stockFormDefinitions,
  validateForm,
  withComputed,
  type FormDefinition,
} from '@yuezi/contract/forms/index'
import {
  allocateEarliestExpiry,
  idOf,
  isExpired,
  isNearExpiry,
  offeredBatches,
  receivingErrors,
  rowsFromPackage,
  stockErrors,
  type StockBatch,
} from '@yuezi/contract/forms/definitions/stockRules'
import { t, setLocale } from '@/i18n'
import '@/features/forms/locales'
import zh from '@locales/forms/zh-CN.json'
import en from '@locales/forms/en.json'

const TODAY = '2026-11-22'
const ctx = { today: TODAY }
const SIGNATURE = '/uploads/abc123.png'
const stockForm = (name: string) => stockFormByName(name) as FormDefinition
const batch = (id: number, expiry_date: string, quantity: number, product_id = 1): StockBatch => ({
  id,
  product_id,
  batch_no: `B${id}`,
  expiry_date,
  quantity,
})

describe('the stock forms', () => {
  it('are the four orders, apart from the forms saved with saveForm; 礼包领取明细表 is one of those', () => {
    expect(stockFormDefinitions.map((f) => [f.name, f.route])).toEqual([
      ['出库单', '/pagesHome/pages/form/linliao/commom/form'],
      ['入住礼包出库', '/pagesHome/pages/form/checkInGift/form'],
      ['自费物品消费表', '/pagesHome/pages/form/Selffundeditemconsumptiontable/form'],
      ['入库单', '/pagesHome/pages/form/inbound/form'],
    ])
    expect(stockFormDefinitions.every((f) => formByName(f.name) === undefined)).toBe(true)
    expect(formByName('礼包领取明细表')?.route).toBe('/pagesHome/pages/form/linliao/dcb/form')
    expect(stockForm('出库单').needsCustomer).toBeFalsy()
    expect(stockForm('入住礼包出库').needsCustomer).toBe(true)
  })

  it.each(stockFormDefinitions.map((f) => [f.name, f] as const))(
    '%s: an empty submission names every required field',
    (_, definition) => {
      const required = fieldsOf(definition)
        .filter((f) => f.required)
        .map((f) => f.key)
      expect(
        validateForm(definition, {})
          .map((e) => e.path)
          .sort(),
      ).toEqual([...required].sort())
    },
  )

  it('choose rows of product, batch (of that product) and a whole quantity of at least 1', () => {
    const items = fieldsOf(stockForm('出库单')).find((f) => f.key === 'items')!
    expect(items.rows!.map((f) => [f.key, f.type, f.optionsSource ?? null])).toEqual([
      ['product_id', 'select', 'productList'],
      ['batch_id', 'select', 'getProductBatch'],
      ['quantity', 'number', null],
    ])
    const data = { department_id: 3, requester: '王芳', apply_date: TODAY }
    const rules = (rows: unknown[]) =>
      validateForm(stockForm('出库单'), { ...data, items: rows }).map((e) => [e.path, e.rule])
    expect(rules([{ product_id: 1, batch_id: 2, quantity: 3 }])).toEqual([])
    expect(rules([])).toEqual([['items', 'requiredChoice']])
    expect(rules([{ product_id: 1, batch_id: 2, quantity: 0 }])).toEqual([['items.0.quantity', 'min']])
    expect(rules([{ product_id: 1, batch_id: 2, quantity: 1.5 }])).toEqual([['items.0.quantity', 'decimals']])
    expect(rules([{ product_id: 1, quantity: 1 }])).toEqual([['items.0.batch_id', 'requiredChoice']])
  })

  it('has a label for every field in both languages', () => {
    const keys = [...stockFormDefinitions, formByName('礼包领取明细表')!].flatMap((d) => [
      d.titleKey,
      ...d.sections.map((s) => s.titleKey),
      ...fieldsOf(d).flatMap((f) => [
        labelKeyOf(f),
        ...(f.unitKey ? [f.unitKey] : []),
        ...(f.rows ?? []).map(labelKeyOf),
      ]),
    ])
    expect(keys.filter((k) => !(k in zh))).toEqual([])
    expect(keys.filter((k) => !(k in en))).toEqual([])
    expect(formDefinitions.length).toBe(new Set(formDefinitions.map((f) => f.name)).size)
  })
})

describe('totals of 自费物品消费表', () => {
  const specialCare = () => stockForm('自费物品消费表')

  it('computes each subtotal and the total in fen', () => {
    const data = {
      items: [
        { product_id: 1, batch_id: 1, quantity: 3, price: 0.1 },
        { product_id: 2, batch_id: 2, quantity: 3, price: 39.9 },
        { product_id: 3, batch_id: 3, quantity: 7, price: 19.99 },
      ],
    }
    const computed = withComputed(specialCare(), data, ctx)
    expect((computed.items as { subtotal: number }[]).map((r) => r.subtotal)).toEqual([0.3, 119.7, 139.93])
    expect(computed.total).toBe(259.93)
  })

  it('leaves a row without a price out of the total, and totals no rows as 0', () => {
    const computed = withComputed(specialCare(), { items: [{ quantity: 2 }, { quantity: 2, price: 5 }] }, ctx)
    expect((computed.items as { subtotal: unknown }[]).map((r) => r.subtotal)).toEqual([null, 10])
    expect(computed.total).toBe(10)
    expect(withComputed(specialCare(), {}, ctx).total).toBe(0)
  })

  it('needs a price of at most 2 decimals on every row, and her signature', () => {
    const base = { customer_id: 5, room: '801', consume_date: TODAY, signature: SIGNATURE }
    const rules = (items: unknown[], extra = {}) =>
      validateForm(specialCare(), { ...base, items, ...extra }).map((e) => [e.path, e.rule])
    expect(rules([{ product_id: 1, batch_id: 2, quantity: 1, price: 12.5 }])).toEqual([])
    expect(rules([{ product_id: 1, batch_id: 2, quantity: 1 }])).toEqual([['items.0.price', 'required']])
    expect(rules([{ product_id: 1, batch_id: 2, quantity: 1, price: 1.234 }])).toEqual([['items.0.price', 'decimals']])
    expect(rules([{ product_id: 1, batch_id: 2, quantity: 1, price: 1 }], { signature: undefined })).toEqual([
      ['signature', 'requiredSignature'],
    ])
    expect(rules([{ product_id: 1, batch_id: 2, quantity: 1, price: 1 }], { signature: 'x' })).toEqual([
      ['signature', 'format'],
    ])
  })
})

describe('the earliest-expiry choice', () => {
  it('knows expired (after the expiry date) and near expiry (within 30 days)', () => {
    expect(isExpired('2026-11-21', TODAY)).toBe(true)
    expect(isExpired(TODAY, TODAY)).toBe(false)
    expect(isNearExpiry(TODAY, TODAY)).toBe(true)
    expect(isNearExpiry('2026-12-22', TODAY)).toBe(true)
    expect(isNearExpiry('2026-12-23', TODAY)).toBe(false)
    expect(isNearExpiry('2026-11-21', TODAY)).toBe(false)
  })

  it('counts near expiry from the day it is asked about, when the day changes between calls', () => {
    expect(isNearExpiry('2026-12-23', TODAY)).toBe(false)
    expect(isNearExpiry('2026-12-23', '2026-11-23')).toBe(true)
    expect(isNearExpiry('2026-12-24', '2026-11-23')).toBe(false)
    expect(isNearExpiry('2026-12-23', TODAY)).toBe(false)
    expect(isNearExpiry('2026-12-22', TODAY)).toBe(true)
  })

  it('offers batches in stock and not expired, earliest expiry first (older batch first on the same day)', () => {
    const batches = [
      batch(1, '2027-05-01', 5),
      batch(2, '2026-11-21', 9), // expired
      batch(3, '2026-12-01', 0), // empty
      batch(4, '2026-12-10', 2),
      batch(5, '2026-12-10', 4),
      batch(0, '2026-12-10', 1),
    ]
    expect(offeredBatches(batches, TODAY).map((b) => b.id)).toEqual([0, 4, 5, 1])
  })

  it('takes a quantity from the earliest batches, spilling into the next, and says what is missing', () => {
    const batches = [batch(1, '2027-05-01', 5), batch(2, '2026-11-21', 9), batch(3, '2026-12-10', 2)]
    expect(allocateEarliestExpiry(batches, 1, TODAY)).toEqual({ rows: [{ batch_id: 3, quantity: 1 }], missing: 0 })
    expect(allocateEarliestExpiry(batches, 6, TODAY)).toEqual({
      rows: [
        { batch_id: 3, quantity: 2 },
        { batch_id: 1, quantity: 4 },
      ],
      missing: 0,
    })
    expect(allocateEarliestExpiry(batches, 10, TODAY)).toEqual({
      rows: [
        { batch_id: 3, quantity: 2 },
        { batch_id: 1, quantity: 5 },
      ],
      missing: 3,
    })
    expect(allocateEarliestExpiry([batch(2, '2026-11-21', 9)], 2, TODAY)).toEqual({ rows: [], missing: 2 })
  })

  it("fills a gift pack's rows from its package, each product from its earliest batches", () => {
    const byProduct: Record<number, StockBatch[]> = {
      10: [batch(1, '2027-01-01', 10, 10), batch(2, '2026-12-01', 1, 10)],
      20: [batch(3, '2027-03-01', 5, 20)],
      30: [batch(4, '2026-10-01', 8, 30)],
    }
    const filled = rowsFromPackage(
      [
        { product_id: 10, quantity: 2 },
        { product_id: 20, quantity: 1 },
        { product_id: 30, quantity: 1 },
      ],
      (id) => byProduct[id] ?? [],
      TODAY,
    )
    expect(filled).toEqual({
      rows: [
        { product_id: 10, batch_id: 2, quantity: 1 },
        { product_id: 10, batch_id: 1, quantity: 1 },
        { product_id: 20, batch_id: 3, quantity: 1 },
      ],
      missing: [{ product_id: 30, quantity: 1 }],
    })
  })
})

describe('quantity ≤ stock', () => {
  afterEach(() => setLocale('zh-CN'))
  const batches = new Map([
    [1, batch(1, '2027-01-01', 5, 10)],
    [2, batch(2, '2026-11-01', 9, 10)],
    [3, batch(3, '2027-01-01', 4, 20)],
  ])
  const names: Record<number, string> = { 10: '婴儿湿巾', 20: '产褥垫' }
  const check = (rows: unknown) =>
    stockErrors(
      rows,
      (id) => batches.get(id),
      TODAY,
      (id) => names[id],
    )

  it('accepts rows within their batches, ids as numbers or digit strings', () => {
    expect(
      check([
        { product_id: 10, batch_id: 1, quantity: 5 },
        { product_id: '20', batch_id: '3', quantity: 4 },
      ]),
    ).toEqual([])
    expect(check(undefined)).toEqual([])
    // A batch nobody knows is for the options check (the site's lists), not this one.
    expect(check([{ product_id: 10, batch_id: 99, quantity: 500 }])).toEqual([])
  })

  it('refuses more than a batch has, rows of one batch added up in order', () => {
    expect(check([{ product_id: 10, batch_id: 1, quantity: 6 }])).toEqual([
      {
        path: 'items.0.quantity',
        labelKey: 'form.field.quantity',
        rule: 'stock',
        params: { product: '婴儿湿巾', batch: 'B1', available: 5 },
      },
    ])
    const split = check([
      { product_id: 10, batch_id: 1, quantity: 3 },
      { product_id: 20, batch_id: 3, quantity: 1 },
      { product_id: 10, batch_id: 1, quantity: 3 },
    ])
    expect(split.map((e) => [e.path, e.rule])).toEqual([['items.2.quantity', 'stock']])
  })

  it('refuses an expired batch and a batch of another product', () => {
    expect(check([{ product_id: 10, batch_id: 2, quantity: 1 }]).map((e) => [e.path, e.rule, e.params])).toEqual([
      ['items.0.batch_id', 'expired', { product: '婴儿湿巾', batch: 'B2', expiry: '2026-11-01' }],
    ])
    expect(check([{ product_id: 20, batch_id: 1, quantity: 1 }]).map((e) => [e.path, e.rule])).toEqual([
      ['items.0.batch_id', 'option'],
    ])
  })

  it('says which row, product and batch, in the reader language', () => {
    const [error] = check([
      { product_id: 10, batch_id: 1, quantity: 1 },
      { product_id: 10, batch_id: 1, quantity: 9 },
    ])
    expect(fieldErrorMessage(error, t)).toBe('物品明细第2行：数量超出库存：婴儿湿巾（批次 B1）仅剩 5')
    const [expired] = check([{ product_id: 10, batch_id: 2, quantity: 1 }])
    expect(fieldErrorMessage(expired, t)).toBe('物品明细第1行：批次已过期：婴儿湿巾（批次 B2）有效期至 2026-11-01')
    setLocale('en')
    expect(fieldErrorMessage(error, t)).toBe(
      'Items row 2: Quantity is more than the stock: 婴儿湿巾 (batch B1) has 5 left',
    )
  })

  it('reads ids as the pickers send them', () => {
    expect([3, '42'].map(idOf)).toEqual([3, 42])
    expect(['0', 0, -1, 1.5, '4a', '', null].map(idOf)).toEqual(Array(7).fill(undefined))
  })
})

describe('the dates of received batches (入库单)', () => {
  const row = (production_date: string | undefined, expiry_date: string) => ({
    product_id: 1,
    batch_no: 'B1',
    production_date,
    expiry_date,
    quantity: 1,
    unit_cost: 2,
  })
  const rules = (rows: unknown[]) => receivingErrors(rows, TODAY).map((e) => [e.path, e.rule])

  it('refuses a batch already expired, made in the future or made after it expires; today is still good', () => {
    expect(rules([row(undefined, TODAY), row(TODAY, TODAY), row('2026-01-01', '2027-01-01')])).toEqual([])
    expect(rules([row(undefined, '2026-11-21')])).toEqual([['items.0.expiry_date', 'pastExpiry']])
    // Made in the future: the form's own rule for dates that record what happened says so, once.
    expect(rules([row('2026-11-23', '2027-01-01')])).toEqual([])
    const inbound = stockForm('入库单')
    const future = { inbound_date: TODAY, items: [row('2026-11-23', '2027-01-01')] }
    expect(futureDateErrors(inbound, future, TODAY).map((e) => [e.path, e.rule])).toEqual([
      ['items.0.production_date', 'futureDate'],
    ])
    expect(rules([row('2026-11-20', '2026-11-19')])).toEqual([
      ['items.0.expiry_date', 'pastExpiry'],
      ['items.0.production_date', 'afterExpiry'],
    ])
    // Not a date: the form's own format rule says so.
    expect(rules([row('tomorrow', 'soon'), null])).toEqual([])
  })

  it('says which row and date, in the reader language', () => {
    setLocale('zh-CN')
    const [past] = receivingErrors([row(undefined, '2026-11-01')], TODAY)
    expect(fieldErrorMessage(past, t)).toBe('物品明细第1行：有效期至早于今天（2026-11-22），已过期的物品不能入库')
    setLocale('en')
    expect(fieldErrorMessage(past, t)).toBe(
      'Items row 1: Expiry date is before today (2026-11-22): expired goods cannot be received',
    )
    setLocale('zh-CN')
  })
})
