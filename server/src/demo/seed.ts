import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  accounts,
  babies,
  customers,
  departments,
  formRecords,
  medicines,
  products,
  rooms,
  sites,
  stayPackages,
  stays,
  surveys,
} from '../db/schema.js'
import type { Db } from '../db/types.js'
import { formByName } from '@yuezi/contract/forms/index'
import { addDays, centreDayRange, centreNow, centreToday, DEFAULT_ZONE as DEMO_ZONE } from '../lib/dates.js'
import { hashPassword } from '../lib/password.js'
import { createAccount } from '../repositories/accounts.js'
import { findSite } from '../repositories/siteLists.js'
import { isOpen } from '../repositories/stays.js'
import { saveCheckInNotice } from '../services/checkInNotices.js'
import { saveFormRecord } from '../services/formRecords.js'
import type { UploadStore } from '../services/uploads/store.js'
import { DEMO_SIGNATURE, firstStaff, writeDemoSignature } from './common.js'
import { random } from './random.js'
import { seedDemoOrders, seedSiteStock } from './stock.js'
import { CHECK_NOTICE_CONTENT, CHECK_NOTICE_TITLE } from '../services/checkNotice.js'

export const SITE_NAMES = ['阳光月子中心·总店', '阳光月子中心·分店']
/** Where the demo sites are (GCJ-02): Hangzhou, one in Xihu district, one across the river in Binjiang. */
const SITE_COORDINATES = [
  { latitude: 30.27862, longitude: 120.13078 },
  { latitude: 30.20843, longitude: 120.21069 },
]

/** The demo logins (printed at start-up); `sites` are indexes into SITE_NAMES, the first is the default. */
export const DEMO_ACCOUNTS = [
  {
    account: 'demo',
    password: 'demo1234',
    name: '客服小李',
    sites: [0],
    mustChangePassword: false,
    canApprove: true,
    canAdminister: false,
  },
  {
    account: 'demo2',
    password: 'demo1234',
    name: '客服小周',
    sites: [1],
    mustChangePassword: false,
    canApprove: false,
    canAdminister: false,
  },
  {
    account: 'newstaff',
    password: 'temp1234',
    name: '新同事',
    sites: [0],
    mustChangePassword: true,
    canApprove: false,
    canAdminister: false,
  },
  {
    account: 'manager',
    password: 'demo1234',
    name: '陈店长',
    sites: [0, 1],
    mustChangePassword: false,
    canApprove: true,
    canAdminister: true,
  },
]

const CUSTOMERS_PER_SITE = 30
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾田董潘袁蔡蒋余杜叶程苏魏吕丁任沈'.split('')
const CUSTOMER_NAMES = [
  '婷',
  '丽娟',
  '静',
  '雅琪',
  '佳怡',
  '思雨',
  '晓燕',
  '欣怡',
  '梦瑶',
  '雪',
  '慧敏',
  '玉兰',
  '丹',
  '颖',
  '倩',
  '琳',
  '秀英',
  '美玲',
  '晓雯',
  '诗涵',
  '婉清',
  '若曦',
  '海燕',
  '春梅',
  '文静',
  '子涵',
  '凤',
  '莉',
  '嘉欣',
  '雨桐',
]
const BABY_NAMES = {
  male: ['子轩', '浩然', '宇航', '沐阳', '承泽', '俊熙', '思远', '子墨', '一鸣', '睿'],
  female: ['梓涵', '欣妍', '若汐', '嘉懿', '语桐', '依诺', '可馨', '悦彤', '安然', '朵朵'],
}
const MOBILE_PREFIXES = [
  '133',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '158',
  '159',
  '177',
  '180',
  '186',
  '187',
  '188',
  '189',
  '199',
]
const ID_REGIONS = ['310104', '310115', '440106', '440305', '110105', '330106', '320106', '510107']

/** A mainland resident ID number of a woman born on `birthDate`, with a valid check digit. */
function idCardNumber(rnd: ReturnType<typeof random>, birthDate: string): string {
  const body = `${rnd.pick(ID_REGIONS)}${birthDate.replaceAll('-', '')}${rnd.digits(2)}${rnd.int(0, 4) * 2}`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = weights.reduce((acc, weight, i) => acc + weight * Number(body[i]), 0)
  return body + '10X98765432'[sum % 11]
}

/**
 * The demo data: sites, accounts and customers in an empty database; then, for every site that has
 * no rooms yet (new, or made before rooms existed), its rooms, departments, check-in rules and a
 * few form records of today and the days before; and for every site that has no products yet, its
 * stock (products, batches, gift packs) and a few orders.
 */
export async function seed(db: Db, uploads: UploadStore): Promise<void> {
  await seedIfEmpty(db)
  // The demo's one-time password (newstaff) counts its hours from each start, so a demo kept for days still shows it.
  await db
    .update(accounts)
    .set({ passwordSetAt: new Date() })
    .where(
      and(
        inArray(
          accounts.account,
          DEMO_ACCOUNTS.filter((demo) => demo.mustChangePassword).map((demo) => demo.account),
        ),
        eq(accounts.mustChangePassword, true),
      ),
    )
  const siteIds = (await db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id))).map((row) => row.id)
  const sitesWith = async (table: typeof rooms | typeof products) =>
    new Set(
      (await db.selectDistinct({ siteId: table.siteId }).from(table).where(inArray(table.siteId, siteIds))).map(
        (r) => r.siteId,
      ),
    )
  const [withRooms, withProducts] = [await sitesWith(rooms), await sitesWith(products)]
  const newSites = siteIds.filter((id) => !withRooms.has(id))
  const stocklessSites = siteIds.filter((id) => !withProducts.has(id))
  // Also when the data is there already: the upload store may be new (moved to a bucket).
  await writeDemoSignature(uploads)
  if (!newSites.length && !stocklessSites.length) return
  await db.transaction(async (tx) => {
    for (const siteId of newSites) {
      await seedSiteLists(tx, siteId)
      await seedDemoRecords(tx, siteId)
    }
    for (const siteId of stocklessSites) {
      await seedSiteStock(tx, siteId)
      await seedDemoOrders(tx, siteId)
    }
  })
}

/** Fills an empty database with the demo sites, accounts and customers; does nothing otherwise. */
export async function seedIfEmpty(db: Db): Promise<void> {
  if ((await db.select({ id: sites.id }).from(sites).limit(1)).length > 0) return
  const passwordHashes = new Map<string, string>()
  for (const { password } of DEMO_ACCOUNTS) {
    if (!passwordHashes.has(password)) passwordHashes.set(password, await hashPassword(password))
  }
  const rnd = random(20240601)
  const today = centreToday(DEMO_ZONE)

  await db.transaction(async (tx) => {
    const siteIds = (
      await tx
        .insert(sites)
        .values(SITE_NAMES.map((name, i) => ({ name, ...SITE_COORDINATES[i] })))
        .returning({ id: sites.id })
    ).map((row) => row.id)
    for (const demo of DEMO_ACCOUNTS) {
      await createAccount(tx, {
        account: demo.account,
        name: demo.name,
        passwordHash: passwordHashes.get(demo.password)!,
        mustChangePassword: demo.mustChangePassword,
        canApprove: demo.canApprove,
        canAdminister: demo.canAdminister,
        siteIds: demo.sites.map((index) => siteIds[index]),
      })
    }
    for (const siteId of siteIds) {
      const packages = await seedStayPackages(tx, siteId)
      for (let i = 0; i < CUSTOMERS_PER_SITE; i++) {
        const drawnDelivery = addDays(today, -rnd.int(0, 39))
        const drawnCheckIn = [addDays(drawnDelivery, rnd.int(2, 5)), today].sort()[0]
        const stay = demoStay(CUSTOMERS_PER_SITE - 1 - i, today, drawnCheckIn)
        // The overdue and the departed mothers gave birth before they came.
        const deliveryDate = [drawnDelivery, addDays(stay.checkInDate, -3)].sort()[0]
        const birthYear = Number(deliveryDate.slice(0, 4)) - rnd.int(24, 38)
        const [customer] = await tx
          .insert(customers)
          .values({
            siteId,
            name: rnd.pick(SURNAMES) + rnd.pick(CUSTOMER_NAMES),
            phone: rnd.pick(MOBILE_PREFIXES) + rnd.digits(8),
            room: String(801 + i),
            idCard: idCardNumber(
              rnd,
              `${birthYear}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
            ),
            deliveryDate,
          })
          .returning({ id: customers.id })
        // Her package is the one of her stay's length.
        const packageId = packages.find((pack) => pack.days === stay.plannedDays)?.id ?? null
        await tx.insert(stays).values({ ...stay, siteId, customerId: customer.id, room: String(801 + i), packageId })
        const twins = rnd.next() < 0.15
        const familyName = rnd.pick(SURNAMES)
        const firstName = rnd.int(0, 9)
        const children = Array.from({ length: twins ? 2 : 1 }, (_, k) => {
          const sex = rnd.next() < 0.5 ? ('male' as const) : ('female' as const)
          return {
            customerId: customer.id,
            // Twins of one sex get different names.
            name: familyName + BABY_NAMES[sex][(firstName + k) % BABY_NAMES[sex].length],
            sex,
            birthDate: deliveryDate,
            birthWeight: twins ? rnd.int(2100, 2900) : rnd.int(2600, 4200),
          }
        })
        await tx.insert(babies).values(children)
      }
    }
  })
}

/**
 * The stay of the demo mother `fromLast` places from the last room: the last has left, the one
 * before is overdue, the one before her arrives today; the others are in house since their check-in
 * date, a 小月子 of 14 days for those in their first week, else a 月子 of 28 or 42 days.
 */
/** The stay packages (套餐) each demo site offers; a demo stay names the one of its length. */
const DEMO_STAY_PACKAGES = [
  {
    name: '经典 28 天套餐',
    days: 28,
    price: '38800.00',
    includes: '单人套房，月子餐一日五餐，24 小时母婴护理，产后修复 6 次',
  },
  {
    name: '尊享 42 天套餐',
    days: 42,
    price: '69800.00',
    includes: '豪华套房，月子餐一日六餐，一对一护理，产后修复 12 次，新生儿游泳',
  },
  { name: '小月子 14 天套餐', days: 14, price: '12800.00', includes: '标准间，调理餐一日五餐，术后护理' },
]

function demoStay(fromLast: number, today: string, checkInDate: string) {
  switch (fromLast) {
    case 0:
      return {
        kind: 'month' as const,
        checkInDate: addDays(today, -40),
        plannedDays: 28,
        status: 'left' as const,
        leftOn: addDays(today, -12),
      }
    case 1:
      return { kind: 'month' as const, checkInDate: addDays(today, -30), plannedDays: 28, status: 'in_house' as const }
    case 2:
      return { kind: 'month' as const, checkInDate: today, plannedDays: 28, status: 'arriving' as const }
  }
  const elapsed = Math.round((Date.parse(today) - Date.parse(checkInDate)) / 86_400_000)
  const kind = elapsed < 7 && fromLast % 3 === 0 ? ('small' as const) : ('month' as const)
  const plannedDays = kind === 'small' ? 14 : elapsed < 28 ? 28 : 42
  return { kind, checkInDate, plannedDays, status: 'in_house' as const }
}

/** The site's demo stay packages (those it has already stay as they are), with their days. */
async function seedStayPackages(db: Db, siteId: number) {
  await db
    .insert(stayPackages)
    .values(DEMO_STAY_PACKAGES.map((pack, sort) => ({ ...pack, siteId, sort })))
    .onConflictDoNothing()
  return db
    .select({ id: stayPackages.id, days: stayPackages.days })
    .from(stayPackages)
    .where(eq(stayPackages.siteId, siteId))
}

/** Floors and their rooms: 801–830 and 901–920, where the demo customers of every site live. */
const FLOORS = [
  { floor: 8, rooms: 30 },
  { floor: 9, rooms: 20 },
]
export const DEPARTMENTS = ['客服部', '护理部', '厨房', '母婴部', '财务部']

/** A site's rooms, departments and check-in rules (version 1); those it has already stay as they are. */
export async function seedSiteLists(db: Db, siteId: number): Promise<void> {
  await db
    .insert(rooms)
    .values(
      FLOORS.flatMap(({ floor, rooms: n }) =>
        Array.from({ length: n }, (_, i) => ({ siteId, floor, room: String(floor * 100 + i + 1) })),
      ),
    )
    .onConflictDoNothing()
  await db
    .insert(departments)
    .values(DEPARTMENTS.map((name, sort) => ({ siteId, name, sort })))
    .onConflictDoNothing()
  await seedStayPackages(db, siteId)
  await db
    .insert(surveys)
    .values({ siteId, version: 1, title: CHECK_NOTICE_TITLE, content: CHECK_NOTICE_CONTENT })
    .onConflictDoNothing()
}

/** A few form records of today and the days before, saved as the app saves them, so that the home badges and lists show something. */
async function seedDemoRecords(db: Db, siteId: number): Promise<void> {
  const staff = await firstStaff(db, siteId)
  if (!staff) return
  const people = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      room: customers.room,
      idCard: customers.idCard,
      deliveryDate: customers.deliveryDate,
      checkInDate: stays.checkInDate,
      plannedDays: stays.plannedDays,
      packageId: stays.packageId,
    })
    .from(customers)
    .innerJoin(stays, and(eq(stays.customerId, customers.id), isOpen))
    .where(eq(customers.siteId, siteId))
    .orderBy(asc(customers.room))
    .limit(8)
  if (people.length < 8) return
  const children = await db
    .select({ id: babies.id, customerId: babies.customerId, sex: babies.sex, birthWeight: babies.birthWeight })
    .from(babies)
    .where(
      inArray(
        babies.customerId,
        people.map((p) => p.id),
      ),
    )
    .orderBy(asc(babies.id))
  const babyOf = (customerId: number) => children.find((child) => child.customerId === customerId)!
  const departmentIds = (
    await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.siteId, siteId))
      .orderBy(asc(departments.sort))
  ).map((d) => d.id)

  const today = centreToday(DEMO_ZONE)
  const now = Date.now()
  /** A moment of `daysAgo`: today's are in the past, however early the seed runs. */
  const moment = (daysAgo: number, minutes: number): Date => {
    const day = addDays(today, -daysAgo)
    const midnight = centreDayRange(DEMO_ZONE, day)[0].getTime()
    const at = midnight + 9 * 3600_000 + minutes * 60_000
    return new Date(daysAgo === 0 ? Math.max(midnight + 60_000, Math.min(at, now - 60_000)) : at)
  }
  const clock = (at: Date) => centreNow(DEMO_ZONE, at)
  const day = (at: Date) => clock(at).slice(0, 10)
  const [c0, c1, c2, c3, c4, c5, c6, c7] = people
  // Rounds are signed in at the site's nurses' station; one at a mother's home across town (flagged as far).
  const site = await findSite(db, siteId)
  const centre = {
    latitude: site?.latitude ?? SITE_COORDINATES[0].latitude,
    longitude: site?.longitude ?? SITE_COORDINATES[0].longitude,
  }
  const station = {
    name: '护理站',
    address: `${site?.name ?? ''} 3楼`,
    latitude: centre.latitude + 0.0004,
    longitude: centre.longitude + 0.0003,
  }
  const home = {
    name: '客户家中',
    address: '杭州市拱墅区湖墅南路 88 号',
    latitude: centre.latitude + 0.03,
    longitude: centre.longitude + 0.02,
  }

  const visit = (
    customer: (typeof people)[number],
    at: Date,
    visitor: string,
    phone: string,
    relation: string,
    left: boolean,
  ) => ({
    visitor_name: visitor,
    phone,
    relation,
    customer_id: customer.id,
    visitors: relation === 'parent' ? 2 : 1,
    temperature: 36.5,
    health: ['noFever', 'noCough'],
    time_in: clock(at),
    ...(left ? { time_out: clock(new Date(at.getTime() + 40 * 60_000)) } : {}),
    remark: relation === 'husband' ? '送换洗衣物' : '',
    visitor_signature: DEMO_SIGNATURE,
  })
  const pediatric = (customer: (typeof people)[number], at: Date, weight: number) => ({
    round_date: day(at),
    doctor_name: '林慧敏',
    customer_id: customer.id,
    baby_id: babyOf(customer.id).id,
    signin_location: station,
    temperature: 36.8,
    weight,
    tcb_forehead: 8.6,
    tcb_chest: 7.9,
    umbilicus: 'dry',
    skin: 'normal',
    feeding: 'breast',
    stool: '黄色糊状，每日 4 次',
    urine: '每日 6–8 次',
    advice: '吃奶好，精神反应佳。继续按需喂养，注意脐部保持干燥。',
    medicines: [{ medicine: '维生素D滴剂', dose: '400IU', route: 'oral', frequency: '每日一次', days: 30 }],
    doctor_signature: DEMO_SIGNATURE,
    family_signature: DEMO_SIGNATURE,
  })
  const obstetric = (customer: (typeof people)[number], at: Date, place = station) => ({
    round_date: day(at),
    doctor_name: '周雅琴',
    customer_id: customer.id,
    delivery_mode: 'caesarean',
    signin_location: place,
    temperature: 36.6,
    bp_systolic: 118,
    bp_diastolic: 76,
    fundal_height: 2,
    contraction: 'good',
    lochia_colour: 'serosa',
    lochia_amount: 'moderate',
    lochia_odour: 'none',
    wound_site: '下腹部横切口',
    wound_state: 'healing',
    milk: 'some',
    nipples: 'normal',
    engorgement: 'mild',
    mood: 'good',
    advice: '恢复良好，伤口愈合佳。注意休息，适当下床活动，少量多餐。',
    medicines: [
      { medicine: '益母草颗粒', dose: '1袋', route: 'oral', frequency: '每日两次', days: 7 },
      { medicine: '乳头修护霜', dose: '适量', route: 'topical', frequency: '哺乳后' },
    ],
    doctor_signature: DEMO_SIGNATURE,
    customer_signature: DEMO_SIGNATURE,
  })
  const meals = (customer: (typeof people)[number], at: Date) => ({
    customer_id: customer.id,
    meal_date: day(at),
    breakfast: 1,
    breakfast_price: 18,
    lunch: 2,
    lunch_price: 38,
    dinner: 2,
    dinner_price: 38,
    diet_notes: '少油少盐，不吃香菜',
    family_signature: DEMO_SIGNATURE,
  })

  const records: { name: string; customer: (typeof people)[number]; at: Date; data: Record<string, unknown> }[] = []
  const add = (name: string, customer: (typeof people)[number], at: Date, data: Record<string, unknown>) =>
    records.push({ name, customer, at, data })
  add('访客出入登记表', c0, moment(0, 30), visit(c0, moment(0, 30), '陈建国', '13917654321', 'husband', true))
  add('访客出入登记表', c1, moment(0, 75), visit(c1, moment(0, 75), '刘秀兰', '13661234588', 'parent', false))
  add('访客出入登记表', c2, moment(0, 120), visit(c2, moment(0, 120), '周晓明', '18602117735', 'relative', false))
  add('访客出入登记表', c3, moment(1, 60), visit(c3, moment(1, 60), '黄志强', '13816620943', 'husband', true))
  add('访客出入登记表', c4, moment(1, 300), visit(c4, moment(1, 300), '吴美华', '15921870062', 'parentInLaw', true))
  add('儿科医生查房签到表', c0, moment(0, 10), pediatric(c0, moment(0, 10), 3350))
  add('儿科医生查房签到表', c1, moment(0, 25), pediatric(c1, moment(0, 25), 3580))
  add('产科医生查房签到表', c2, moment(0, 40), obstetric(c2, moment(0, 40)))
  add('产科医生查房签到表', c3, moment(2, 30), obstetric(c3, moment(2, 30), home))
  add('家属订餐登记表', c5, moment(0, 90), meals(c5, moment(0, 90)))
  add('家属订餐登记表', c6, moment(1, 180), meals(c6, moment(1, 180)))
  add('收据遗失证明', c4, moment(3, 120), {
    customer_name: c4.name,
    id_card: c4.idCard,
    phone: c4.phone,
    receipt_no: 'SJ2024031208',
    amount: 5000,
    issue_date: addDays(today, -20),
    paid_for: '月子套餐定金',
    how_lost: '搬家时不慎遗失，无法找回。',
    customer_signature: DEMO_SIGNATURE,
    handler: staff.name,
    sign_date: day(moment(3, 120)),
  })
  const baby7 = babyOf(c7.id)
  add('月子入住通知单', c7, moment(3, 60), {
    customer_name: c7.name,
    phone: c7.phone,
    id_card: c7.idCard,
    delivery_date: c7.deliveryDate,
    hospital: '市妇幼保健院',
    delivery_mode: 'vaginal',
    babies: [{ sex: baby7.sex, ...(baby7.birthWeight ? { birth_weight: baby7.birthWeight } : {}) }],
    ...(c7.packageId ? { package_id: c7.packageId } : {}),
    room: c7.room,
    check_in_date: c7.checkInDate,
    days: c7.plannedDays,
    contract_no: 'YZ-2024-0518',
    amount_paid: 68800,
    diet_needs: '哺乳期营养餐，少辣',
    allergies: '无',
    pick_up: 'yes',
    consultant: '王顾问',
    departments: departmentIds.slice(0, 4),
    remark: '家属希望安排朝南房间',
  })

  for (const record of records) {
    const save = formByName(record.name)?.admits ? saveCheckInNotice : saveFormRecord
    const id = await save(
      db,
      { siteId, accountId: staff.id },
      { name: record.name, customerId: record.customer.id, data: record.data, today },
    )
    await db.update(formRecords).set({ createdAt: record.at, updatedAt: record.at }).where(eq(formRecords.id, id))
    await db.update(medicines).set({ createdAt: record.at, updatedAt: record.at }).where(eq(medicines.recordId, id))
  }
}
