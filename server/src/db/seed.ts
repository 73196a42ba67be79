import type { Db } from './index.js';
import { babies, customers, sites } from './schema.js';
import { addDays, shanghaiToday } from '../lib/dates.js';
import { hashPassword } from '../lib/password.js';
import { createAccount } from '../repositories/accounts.js';

export const SITE_NAMES = ['阳光月子中心·总店', '阳光月子中心·分店'];

/** The demo logins (printed at start-up); `sites` are indexes into SITE_NAMES, the first is the default. */
export const DEMO_ACCOUNTS = [
  { account: 'demo', password: 'demo1234', name: '客服小李', sites: [0], mustChangePassword: false },
  { account: 'demo2', password: 'demo1234', name: '客服小周', sites: [1], mustChangePassword: false },
  { account: 'newstaff', password: 'temp1234', name: '新同事', sites: [0], mustChangePassword: true },
  { account: 'manager', password: 'demo1234', name: '陈店长', sites: [0, 1], mustChangePassword: false },
];

const CUSTOMERS_PER_SITE = 30;
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾田董潘袁蔡蒋余杜叶程苏魏吕丁任沈'.split('');
const MOTHER_NAMES = ['婷', '丽娟', '静', '雅琪', '佳怡', '思雨', '晓燕', '欣怡', '梦瑶', '雪', '慧敏', '玉兰', '丹', '颖', '倩',
  '琳', '秀英', '美玲', '晓雯', '诗涵', '婉清', '若曦', '海燕', '春梅', '文静', '子涵', '凤', '莉', '嘉欣', '雨桐'];
const BABY_NAMES = {
  male: ['子轩', '浩然', '宇航', '沐阳', '承泽', '俊熙', '思远', '子墨', '一鸣', '睿'],
  female: ['梓涵', '欣妍', '若汐', '嘉懿', '语桐', '依诺', '可馨', '悦彤', '安然', '朵朵'],
};
const MOBILE_PREFIXES = ['133', '135', '136', '137', '138', '139', '150', '151', '152', '158', '159', '177', '180', '186', '187', '188', '189', '199'];
const ID_REGIONS = ['310104', '310115', '440106', '440305', '110105', '330106', '320106', '510107'];

/** mulberry32: a small seeded generator, so that every fresh database holds the same people. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)];
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  return { next, int, pick, digits };
}

/** A mainland resident ID number of a woman born on `birthDate`, with a valid check digit. */
function idCardNumber(rnd: ReturnType<typeof random>, birthDate: string): string {
  const body = `${rnd.pick(ID_REGIONS)}${birthDate.replaceAll('-', '')}${rnd.digits(2)}${rnd.int(0, 4) * 2}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, weight, i) => acc + weight * Number(body[i]), 0);
  return body + '10X98765432'[sum % 11];
}

/** Fills an empty database with the demo sites, accounts and customers; does nothing otherwise. */
export async function seedIfEmpty(db: Db): Promise<void> {
  if ((await db.select({ id: sites.id }).from(sites).limit(1)).length > 0) return;
  const passwordHashes = new Map<string, string>();
  for (const { password } of DEMO_ACCOUNTS) {
    if (!passwordHashes.has(password)) passwordHashes.set(password, await hashPassword(password));
  }
  const rnd = random(20240601);
  const today = shanghaiToday();

  await db.transaction(async (tx) => {
    const siteIds = (await tx.insert(sites).values(SITE_NAMES.map((name) => ({ name }))).returning({ id: sites.id }))
      .map((row) => row.id);
    for (const demo of DEMO_ACCOUNTS) {
      await createAccount(tx, {
        account: demo.account,
        name: demo.name,
        passwordHash: passwordHashes.get(demo.password)!,
        mustChangePassword: demo.mustChangePassword,
        siteIds: demo.sites.map((index) => siteIds[index]),
      });
    }
    for (const siteId of siteIds) {
      for (let i = 0; i < CUSTOMERS_PER_SITE; i++) {
        const deliveryDate = addDays(today, -rnd.int(0, 39));
        const checkInDate = [addDays(deliveryDate, rnd.int(2, 5)), today].sort()[0];
        const birthYear = Number(deliveryDate.slice(0, 4)) - rnd.int(24, 38);
        const [customer] = await tx
          .insert(customers)
          .values({
            siteId,
            name: rnd.pick(SURNAMES) + rnd.pick(MOTHER_NAMES),
            phone: rnd.pick(MOBILE_PREFIXES) + rnd.digits(8),
            room: String(801 + i),
            idCard: idCardNumber(rnd, `${birthYear}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`),
            deliveryDate,
            checkInDate,
          })
          .returning({ id: customers.id });
        const twins = rnd.next() < 0.15;
        const familyName = rnd.pick(SURNAMES);
        const firstName = rnd.int(0, 9);
        const children = Array.from({ length: twins ? 2 : 1 }, (_, k) => {
          const sex = rnd.next() < 0.5 ? ('male' as const) : ('female' as const);
          return {
            customerId: customer.id,
            // Twins of one sex get different names.
            name: familyName + BABY_NAMES[sex][(firstName + k) % BABY_NAMES[sex].length],
            sex,
            birthDate: deliveryDate,
            birthWeight: twins ? rnd.int(2100, 2900) : rnd.int(2600, 4200),
          };
        });
        await tx.insert(babies).values(children);
      }
    }
  });
}
