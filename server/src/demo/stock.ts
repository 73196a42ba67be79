import { and, asc, eq } from 'drizzle-orm'
import {
  customers,
  departments,
  giftTypes,
  inboundOrders,
  outApplies,
  productPackageItems,
  productPackages,
  products,
  specialCares,
  stockBatches,
} from '../db/schema.js'
import type { Db } from '../db/types.js'
import { addDays, centreDayRange, centreToday, DEFAULT_ZONE as DEMO_ZONE } from '../lib/dates.js'
import { rowsFromPackage } from '@yuezi/contract/forms/definitions/stockRules'
import * as orders from '../services/orders/index.js'
import { DEMO_SIGNATURE, firstStaff } from './common.js'
import { random } from './random.js'

// The demo stock of a site: products in realistic categories, two or three batches each (some
// expired, some expiring within 30 days), three gift packs; and a few orders in every status,
// inbound ones among them.

type ProductSeed = [name: string, spec: string, unit: string, price: string]

/** The catalogue, by category, in the order lists show it. */
export const CATALOGUE: Record<string, ProductSeed[]> = {
  母婴用品: [
    ['婴儿纸尿裤', 'NB码 84片', '包', '139.00'],
    ['婴儿纸尿裤', 'S码 76片', '包', '139.00'],
    ['婴儿拉拉裤', 'M码 58片', '包', '129.00'],
    ['婴儿湿巾', '80抽×3包', '提', '39.90'],
    ['婴儿棉柔巾', '100抽', '包', '15.90'],
    ['宽口径玻璃奶瓶', '160ml', '个', '98.00'],
    ['奶瓶奶嘴', '0-3月 2只装', '盒', '45.00'],
    ['婴儿口水巾', '纯棉 6条装', '盒', '49.00'],
    ['婴儿连体衣', '59码 纯棉', '件', '89.00'],
    ['婴儿包被', '90×90cm', '条', '168.00'],
    ['新生儿帽子', '0-3月', '顶', '29.00'],
    ['婴儿袜子', '3双装', '盒', '25.00'],
  ],
  婴儿洗护: [
    ['婴儿洗发沐浴露', '400ml', '瓶', '68.00'],
    ['婴儿润肤乳', '200ml', '瓶', '59.00'],
    ['婴儿护臀膏', '60g', '支', '45.00'],
    ['婴儿抚触油', '120ml', '瓶', '55.00'],
    ['婴儿爽身粉', '140g', '盒', '28.00'],
    ['脐带护理包', '10片装', '盒', '35.00'],
    ['婴儿洗衣液', '1L', '瓶', '46.00'],
  ],
  产妇护理: [
    ['产妇卫生巾', '加长夜用 10片', '包', '32.00'],
    ['产褥垫', '60×90cm 10片', '包', '38.00'],
    ['一次性内裤', '纯棉 5条装', '包', '29.90'],
    ['防溢乳垫', '100片', '盒', '59.00'],
    ['乳头修护霜', '10g', '支', '79.00'],
    ['储奶袋', '200ml 30片', '盒', '49.00'],
    ['吸奶器喇叭罩', '24mm 套装', '套', '88.00'],
    ['产后收腹带', 'M码', '条', '128.00'],
    ['月子牙刷', '软毛 2支装', '盒', '19.90'],
    ['月子帽', '纯棉', '顶', '39.00'],
    ['哺乳文胸', 'L码', '件', '99.00'],
    ['会阴冲洗器', '300ml', '个', '26.00'],
  ],
  营养品: [
    ['产妇营养奶粉', '800g', '罐', '268.00'],
    ['婴儿配方奶粉 1段', '800g', '罐', '328.00'],
    ['红糖姜茶', '12袋', '盒', '36.00'],
    ['有机小米', '1kg', '袋', '28.00'],
    ['新疆红枣', '500g', '袋', '32.00'],
    ['宁夏枸杞', '250g', '袋', '38.00'],
    ['阿胶糕', '500g', '盒', '198.00'],
    ['DHA藻油软胶囊', '60粒', '瓶', '189.00'],
    ['孕产妇复合维生素', '60片', '瓶', '158.00'],
    ['维生素D3滴剂', '婴儿 30粒', '盒', '56.00'],
  ],
  日用品: [
    ['保温杯', '500ml', '个', '89.00'],
    ['弯头吸管杯', '300ml', '个', '35.00'],
    ['一次性马桶垫', '10片装', '包', '12.90'],
    ['月子拖鞋', '包跟 37-38码', '双', '39.00'],
    ['一次性洗脸巾', '100抽', '包', '19.90'],
    ['孕产妇牙膏', '120g', '支', '32.00'],
  ],
}

/** Supplies the centre uses itself: not sold to customers as self-paid items. */
const NOT_SOLD = new Set(['一次性马桶垫', '一次性洗脸巾'])

/** How long a product keeps, by category (days from production to expiry). */
const SHELF_LIFE: Record<string, number> = { 营养品: 540 }
const DEFAULT_SHELF_LIFE = 1095

/** The gift packs: a package of products (name, spec, quantity) and the gift type handed out with it. */
export const GIFT_PACKS: {
  giftType: string
  packageName: string
  items: [name: string, spec: string, quantity: number][]
}[] = [
  {
    giftType: '入住大礼包',
    packageName: '入住礼包（标准）',
    items: [
      ['婴儿纸尿裤', 'NB码 84片', 2],
      ['婴儿湿巾', '80抽×3包', 1],
      ['婴儿洗发沐浴露', '400ml', 1],
      ['婴儿护臀膏', '60g', 1],
      ['产妇卫生巾', '加长夜用 10片', 2],
      ['一次性内裤', '纯棉 5条装', 2],
      ['防溢乳垫', '100片', 1],
    ],
  },
  {
    giftType: '尊享大礼包',
    packageName: '入住礼包（尊享）',
    items: [
      ['婴儿纸尿裤', 'NB码 84片', 3],
      ['婴儿湿巾', '80抽×3包', 2],
      ['婴儿连体衣', '59码 纯棉', 2],
      ['婴儿包被', '90×90cm', 1],
      ['产妇营养奶粉', '800g', 1],
      ['哺乳文胸', 'L码', 1],
      ['保温杯', '500ml', 1],
    ],
  },
  {
    giftType: '出院礼包',
    packageName: '出院礼包',
    items: [
      ['婴儿纸尿裤', 'S码 76片', 1],
      ['婴儿润肤乳', '200ml', 1],
      ['婴儿口水巾', '纯棉 6条装', 1],
      ['新生儿帽子', '0-3月', 1],
      ['维生素D3滴剂', '婴儿 30粒', 1],
    ],
  },
]

const key = (name: string, spec: string) => `${name}\n${spec}`

/**
 * A site's products, batches, packages and gift types. Every product has two or three batches: the
 * oldest of every fifth product is expired, of every third (else) it expires within 30 days.
 */
export async function seedSiteStock(db: Db, siteId: number, today = centreToday(DEMO_ZONE)): Promise<void> {
  const rnd = random(20241101 + siteId)
  const catalogue = Object.entries(CATALOGUE).flatMap(([category, list]) =>
    list.map(([name, spec, unit, price]) => ({ category, name, spec, unit, price })),
  )
  const made = await db
    .insert(products)
    .values(catalogue.map((product, sort) => ({ ...product, siteId, sort, selfPaid: !NOT_SOLD.has(product.name) })))
    .returning({ id: products.id, name: products.name, spec: products.spec, category: products.category })

  const batches = made.flatMap((product, i) => {
    const shelfLife = SHELF_LIFE[product.category] ?? DEFAULT_SHELF_LIFE
    const oldest = i % 5 === 0 ? -rnd.int(3, 60) : i % 3 === 0 ? rnd.int(3, 28) : rnd.int(60, 240)
    const expiries = [oldest, rnd.int(250, 500), ...(i % 2 === 0 ? [rnd.int(520, 800)] : [])]
    return expiries.map((days, k) => {
      const expiryDate = addDays(today, days)
      // A batch made in the future would be odd: long-keeping batches of short-keeping products were made recently.
      const productionDate = [addDays(expiryDate, -shelfLife), addDays(today, -rnd.int(7, 40))].sort()[0]
      return {
        siteId,
        productId: product.id,
        batchNo: `B${productionDate.replaceAll('-', '')}${'ABC'[k]}`,
        productionDate,
        expiryDate,
        quantity: k === 0 ? rnd.int(3, 30) : rnd.int(20, 120),
      }
    })
  })
  await db.insert(stockBatches).values(batches)

  const productId = new Map(made.map((product) => [key(product.name, product.spec), product.id]))
  for (const [sort, pack] of GIFT_PACKS.entries()) {
    const [created] = await db
      .insert(productPackages)
      .values({ siteId, name: pack.packageName, sort })
      .returning({ id: productPackages.id })
    await db.insert(productPackageItems).values(
      pack.items.map(([name, spec, quantity]) => ({
        packageId: created.id,
        productId: productId.get(key(name, spec))!,
        quantity,
      })),
    )
    await db.insert(giftTypes).values({ siteId, name: pack.giftType, packageId: created.id, sort })
  }
}

/**
 * A few orders made by a staff member of the site without the approve right and checked by one
 * with it (someone else checks an order), saved and checked as the app does it: outbound
 * orders for departments (pending, approved, rejected), gift packs for customers (approved,
 * pending; rows filled from the package, earliest expiry first), self-paid orders (pending, approved)
 * and goods received (approved: a new batch; pending).
 */
export async function seedDemoOrders(db: Db, siteId: number): Promise<void> {
  const staff = await firstStaff(db, siteId, false)
  const approver = await firstStaff(db, siteId, true)
  const people = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.siteId, siteId))
    .orderBy(asc(customers.room))
    .limit(4)
  if (!staff || !approver || people.length < 4) return
  const actor = { siteId, accountId: staff.id }
  const checker = { siteId, accountId: approver.id, creatorMayApprove: false }
  const today = centreToday(DEMO_ZONE)

  const batchRows = await db
    .select({
      id: stockBatches.id,
      product_id: stockBatches.productId,
      batch_no: stockBatches.batchNo,
      expiry_date: stockBatches.expiryDate,
      quantity: stockBatches.quantity,
      name: products.name,
      price: products.price,
    })
    .from(stockBatches)
    .innerJoin(products, eq(products.id, stockBatches.productId))
    .where(eq(stockBatches.siteId, siteId))
  const productOf = (name: string) => batchRows.find((b) => b.name === name)!
  const batchesOf = (productId: number) => batchRows.filter((b) => b.product_id === productId)
  /** Rows of `quantity` of each product, from its batches earliest expiry first. */
  const rows = (items: [name: string, quantity: number][]) =>
    rowsFromPackage(
      items.map(([name, quantity]) => ({ product_id: productOf(name).product_id, quantity })),
      batchesOf,
      today,
    ).rows
  const departmentId = async (name: string) =>
    (
      await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.siteId, siteId), eq(departments.name, name)))
    )[0]?.id
  const giftRows = async (giftType: string) => {
    const [type] = await db
      .select({ id: giftTypes.id, packageId: giftTypes.packageId })
      .from(giftTypes)
      .where(and(eq(giftTypes.siteId, siteId), eq(giftTypes.name, giftType)))
    const items = await db
      .select({ product_id: productPackageItems.productId, quantity: productPackageItems.quantity })
      .from(productPackageItems)
      .where(eq(productPackageItems.packageId, type.packageId))
      .orderBy(asc(productPackageItems.id))
    return { giftTypeId: type.id, items: rowsFromPackage(items, batchesOf, today).rows }
  }
  /** Made `daysAgo` at 10:30 (when that is past), its number of that day. */
  const dated = async (
    table: typeof outApplies | typeof specialCares | typeof inboundOrders,
    id: number,
    daysAgo: number,
  ) => {
    const day = addDays(today, -daysAgo)
    const at = new Date(centreDayRange(DEMO_ZONE, day)[0].getTime() + 10.5 * 3600_000)
    if (at.getTime() > Date.now()) return
    const [{ no, searchText }] = await db
      .select({ no: table.no, searchText: table.searchText })
      .from(table)
      .where(eq(table.id, id))
    const renumbered = no.replace(today.replaceAll('-', ''), day.replaceAll('-', ''))
    await db
      .update(table)
      .set({ createdAt: at, updatedAt: at, no: renumbered, searchText: searchText.replace(no, renumbered) })
      .where(eq(table.id, id))
  }

  const general = async (
    department: string,
    requester: string,
    daysAgo: number,
    items: [string, number][],
    remark = '',
  ) => {
    const id = await orders.outApply.save(
      db,
      actor,
      {
        type: 'general',
        staffName: staff.name,
        data: {
          department_id: await departmentId(department),
          requester,
          apply_date: addDays(today, -daysAgo),
          items: rows(items),
          remark,
        },
      },
      today,
    )
    await dated(outApplies, id, daysAgo)
    return id
  }
  const gift = async (customerId: number, giftType: string, daysAgo: number) => {
    const { giftTypeId, items } = await giftRows(giftType)
    const data = { customer_id: customerId, gift_type_id: giftTypeId, apply_date: addDays(today, -daysAgo), items }
    const id = await orders.outApply.save(db, actor, { type: 'gift', data, staffName: staff.name }, today)
    await dated(outApplies, id, daysAgo)
    return id
  }
  const specialCare = async (customerId: number, daysAgo: number, items: [string, number][], remark = '') => {
    const data = {
      customer_id: customerId,
      consume_date: addDays(today, -daysAgo),
      items: rows(items).map((row) => ({ ...row, price: Number(batchRows.find((b) => b.id === row.batch_id)!.price) })),
      remark,
      signature: DEMO_SIGNATURE,
    }
    const id = await orders.specialCare.save(db, actor, { data }, today)
    await dated(specialCares, id, daysAgo)
    return id
  }

  const [c0, c1, c2, c3] = people
  await general(
    '护理部',
    '护士长王芳',
    0,
    [
      ['产褥垫', 5],
      ['一次性内裤', 10],
    ],
    '本周产妇护理用品补充',
  )
  const drawn = await general('母婴部', '育婴师李娜', 1, [
    ['婴儿湿巾', 6],
    ['婴儿洗发沐浴露', 2],
  ])
  await orders.outApply.check(db, checker, { id: drawn, approve: true }, today)
  const refused = await general('厨房', '厨师长张伟', 2, [['红糖姜茶', 3]])
  await orders.outApply.check(db, checker, { id: refused, approve: false, reason: '本月已领取，请下月再申请' }, today)
  const handedOut = await gift(c0.id, '入住大礼包', 3)
  await orders.outApply.check(db, checker, { id: handedOut, approve: true }, today)
  await gift(c1.id, '尊享大礼包', 0)
  await specialCare(
    c2.id,
    0,
    [
      ['储奶袋', 2],
      ['乳头修护霜', 1],
    ],
    '客户自购',
  )
  const paid = await specialCare(c3.id, 1, [
    ['产妇营养奶粉', 1],
    ['防溢乳垫', 2],
  ])
  await orders.specialCare.check(db, checker, { id: paid, approve: true }, today)

  const received = async (supplier: string, daysAgo: number, items: [string, string, number, number][]) => {
    const day = addDays(today, -daysAgo)
    const data = {
      supplier,
      inbound_date: day,
      items: items.map(([name, batchNo, quantity, cost]) => ({
        product_id: productOf(name).product_id,
        batch_no: batchNo,
        production_date: addDays(day, -20),
        expiry_date: addDays(day, 700),
        quantity,
        unit_cost: cost,
      })),
    }
    const id = await orders.inbound.save(db, actor, { data }, today)
    await dated(inboundOrders, id, daysAgo)
    return id
  }
  const stocked = await received('母婴用品批发部', 2, [
    ['婴儿纸尿裤', `R${addDays(today, -2).replaceAll('-', '')}A`, 40, 96],
    ['婴儿湿巾', `R${addDays(today, -2).replaceAll('-', '')}B`, 30, 24.5],
  ])
  await orders.inbound.check(db, checker, { id: stocked, approve: true }, today)
  await received('康宝供应链', 0, [['产褥垫', `R${today.replaceAll('-', '')}C`, 50, 22]])
}
