// The centre's lists end to end: the real server on a fresh embedded database, the built H5 app,
// Chromium at phone size. The manager adds a product and a room through their forms, then tries
// to delete a department that orders name, is told why not, and retires it instead.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  useApp,
  fieldOf,
  modal,
  eventually,
  zh,
  adminZh,
  formZh,
  serverZh,
  fmt,
  typeField as type,
  chooseField as choose,
} from './app.mjs'

const app = useApp()
const ADMIN_HOME = '/pagesAdmin/pages/index/index'

/** From the administration home, the list of `labelKey`. */
async function openList(page, labelKey) {
  await page.goto(`${app.server.url}${ADMIN_HOME}`)
  await page.locator('.nut-cell').filter({ hasText: adminZh[labelKey] }).click()
  await page.locator('.master-list__new').waitFor()
}

const save = (page) => page.locator('.master-edit__save').click()
const card = (page, name) => page.locator('.master-list__card').filter({ hasText: name })
/** The list searched for `name` (a new entry is listed last, past the first page). */
async function found(page, name) {
  await page.locator('.master-list__search input').fill(name)
  return card(page, name)
}

test('the manager adds a product and a room, and retires a department in use instead of deleting it', async () => {
  const page = await app.newPage()
  await app.login(page, 'manager', 'demo1234')
  await page.waitForURL((url) => !url.pathname.startsWith('/pages/login'))

  await openList(page, 'master.list.products')
  await page.locator('.master-list__new .nut-button').click()
  await fieldOf(page, 'name').waitFor()
  await save(page)
  // The form's rules, before anything is sent.
  await fieldOf(page, 'unit')
    .getByText(fmt(formZh['form.rule.required'], { label: adminZh['master.field.unit'] }))
    .waitFor()
  await type(page, 'name', '测试吸奶器')
  await type(page, 'spec', '双边电动')
  await type(page, 'unit', '台')
  await type(page, 'price', 699)
  await type(page, 'category', '母婴用品')
  await choose(page, 'self_paid', 'form.option.yesNo.yes')
  await save(page)
  await (await found(page, '测试吸奶器')).getByText('双边电动 · ¥699.00/台 · 母婴用品').waitFor()
  const { list } = await app.api(page, 'index/productList', {
    page: 1,
    limit: 5,
    keyword: '测试吸奶器',
    self_paid: true,
  })
  assert.deepEqual(
    list.map((p) => [p.name, p.unit, p.price, p.self_paid]),
    [['测试吸奶器', '台', 699, true]],
  )

  await openList(page, 'master.list.rooms')
  await page.locator('.master-list__new .nut-button').click()
  await type(page, 'floor', 10)
  await type(page, 'room', '1001')
  await choose(page, 'kind', 'form.option.roomKind.suite')
  await choose(page, 'in_service', 'form.option.yesNo.yes')
  await save(page)
  await (
    await found(page, '1001')
  )
    .getByText(fmt(serverZh['master.rooms.detail'], { floor: 10, kind: adminZh['form.option.roomKind.suite'] }))
    .waitFor()
  const floors = await app.api(page, 'index/floorList', {})
  assert.ok(floors.find((f) => f.floor === 10)?.rooms.some((r) => r.room === '1001'))

  // 厨房 has an outbound order of the demo: its delete is refused, and 停用 is offered instead.
  await openList(page, 'master.list.departments')
  await card(page, '厨房').locator('.nut-button').filter({ hasText: adminZh['master.delete'] }).click()
  await modal(page).getByText(zh['common.confirm'], { exact: true }).click()
  await modal(page)
    .getByText(fmt(serverZh['master.inUse'], { name: '厨房' }))
    .waitFor()
  await modal(page).getByText(adminZh['master.retire'], { exact: true }).click()
  await eventually(async () => (await card(page, '厨房').count()) === 0, 'the kitchen gone from those in use')
  const departments = await app.api(page, 'index/departmentList', {})
  assert.equal(departments.find((d) => d.name === '厨房')?.retired, true)
  await page.locator('.master-list__kind').filter({ hasText: adminZh['master.showRetired'] }).click()
  await card(page, '厨房').getByText(adminZh['master.retiredTag']).waitFor()
  await page.close()
})
