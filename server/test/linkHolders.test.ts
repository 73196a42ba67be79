import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { definitionOf, validSample } from './formSamples.js'
import { addAccount, addSite, call, login, PNG, startApp, uploadFile, type TestSite } from './helpers.js'

// A signed link (a spreadsheet, a PDF, a photo) opens without a session, for the staff member who
// asked for it: only while her account is active, still in the link's site, and holds the right
// the link needed there; the moment an administrator changes that, as her sessions end.

let app: FastifyInstance
let site: TestSite
/** Another site of the staff member and of her administrator, so that she can be taken out of `site`. */
let second: TestSite
/** Administers both sites: disables, moves and changes the staff member. */
let admin: string
before(async () => {
  app = await startApp()
  site = await addSite(app)
  second = await addSite(app)
  const { account, password } = await addAccount(app, { siteIds: [site.siteId, second.siteId], canAdminister: true })
  admin = await login(app, account, password)
})
after(() => app.close())

const FORM = '收据遗失证明'

/**
 * A staff member administering both sites, signed in to `site`, and the links she was handed
 * there: the mothers export (the administration's), an order export (anyone's), the PDF of a
 * record she saved with a photo, and the photo.
 */
async function holderWithLinks() {
  const { account, password } = await addAccount(app, { siteIds: [site.siteId, second.siteId], canAdminister: true })
  const token = await login(app, account, password)
  const id = (await call(app, '/api/care/account/info', {}, { token })).res.id as number
  const ask = async (url: string, body: object = {}) => {
    const reply = await call(app, url, body, { token })
    assert.equal(reply.code, 1, `${url}: ${reply.msg}`)
    return reply.res.url as string
  }
  const upload = (await uploadFile(app, 'photo.png', PNG, { token })).json()
  assert.equal(upload.err, 0, upload.message)
  const photo = new URL(upload.data.url)
  const customer = site.customers[0]
  const data = {
    ...validSample(definitionOf(FORM), { customer, room: customer.room, departmentIds: [] }),
    id_card_photos: [`${photo.pathname}${photo.search}`],
  }
  const recordId = await (async () => {
    const saved = await call(app, '/api/care/index/saveForm', { name: FORM, customer_id: customer.id, data }, { token })
    assert.equal(saved.code, 1, saved.msg)
    return saved.res.id as number
  })()
  return {
    id,
    account,
    links: {
      mothers: await ask('/api/care/customer/export'),
      orders: await ask('/api/care/outApply/export'),
      pdf: await ask('/api/care/index/formRecordPdf', { id: recordId }),
      photo: `${photo.pathname}${photo.search}`,
    },
  }
}

type Links = Awaited<ReturnType<typeof holderWithLinks>>['links']

const open = (url: string) => app.inject({ method: 'GET', url })

/** Opens each link: 200, or refused as its route refuses an invalid link. */
async function assertOpens(links: Links, opens: Partial<Record<keyof Links, boolean>>) {
  const invalid = {
    mothers: { code: -5, msg: '表格链接无效，请回到列表重新导出', res: null },
    orders: { code: -5, msg: '表格链接无效，请回到列表重新导出', res: null },
    pdf: { code: -5, msg: 'PDF 链接无效，请回到记录重新打开', res: null },
  }
  for (const [kind, url] of Object.entries(links) as [keyof Links, string][]) {
    const response = await open(url)
    if (opens[kind] ?? true) {
      assert.equal(response.statusCode, 200, `${kind}: ${response.body}`)
      continue
    }
    assert.equal(response.statusCode, 403, kind)
    if (kind === 'photo') {
      assert.equal(response.json().err, -5, kind)
      assert.equal(response.headers['cache-control'], undefined, kind)
    } else assert.deepEqual(response.json(), invalid[kind], kind)
  }
}

const staff = (path: string, body: object) => call(app, `/api/admin/staff/${path}`, body, { token: admin })

describe('signed links of an account', () => {
  it('open while she is active in the site, and no more once she is disabled, a PDF already made too', async () => {
    const holder = await holderWithLinks()
    const colleague = await holderWithLinks()
    await assertOpens(holder.links, {})
    // Opened twice: the second answer comes from what was kept, of her and of the PDF.
    await assertOpens(holder.links, {})

    assert.equal((await staff('disable', { id: holder.id })).code, 1)
    await assertOpens(holder.links, { mothers: false, orders: false, pdf: false, photo: false })
    await assertOpens(colleague.links, {})

    assert.equal((await staff('enable', { id: holder.id })).code, 1)
    await assertOpens(holder.links, {})
  })

  it('no more once she is taken out of the site, though she stays in another', async () => {
    const holder = await holderWithLinks()
    await assertOpens(holder.links, {})
    const moved = await staff('save', {
      id: holder.id,
      name: '测试员工',
      sites: [{ site_id: second.siteId, rights: ['administer'] }],
    })
    assert.equal(moved.code, 1, moved.msg)
    await assertOpens(holder.links, { mothers: false, orders: false, pdf: false, photo: false })
  })

  it('the administration’s export no more once she loses the right there; what any staff may open still opens', async () => {
    const holder = await holderWithLinks()
    await assertOpens(holder.links, {})
    const plain = await staff('save', {
      id: holder.id,
      name: '测试员工',
      sites: [
        { site_id: site.siteId, rights: [] },
        { site_id: second.siteId, rights: ['administer'] },
      ],
    })
    assert.equal(plain.code, 1, plain.msg)
    await assertOpens(holder.links, { mothers: false })
  })

  it('no more once the database tells this instance she was disabled by hand, as it tells her sessions', async () => {
    const holder = await holderWithLinks()
    await assertOpens(holder.links, {})
    // What was read of her is kept, as her session is (each photo of a page opens a link): a change
    // nobody is told of is not seen.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`update accounts set disabled_at = now() where id = ${holder.id}`)
    })
    await assertOpens(holder.links, {})
    const told = new Promise<void>((resolve) => {
      const stop = app.onDatabaseChange({
        changed: (change) => {
          if (change !== `a:${holder.id}`) return
          stop()
          resolve()
        },
        listening: () => {},
      })
    })
    await app.db.execute(sql`update accounts set disabled_at = now() where id = ${holder.id}`)
    await told
    await assertOpens(holder.links, { mothers: false, orders: false, pdf: false, photo: false })
  })
})
