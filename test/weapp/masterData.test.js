// The centre's lists on the administration pages, on the real server: the manager adds a
// department through its form, and a department that orders name is retired rather than deleted.
const h = require('./harness')
const { zh, adminZh, post, tokenOf, signIn, fmt, serverZh } = require('./app')
const { fill } = require('./forms')

const ADMIN_HOME = 'pagesAdmin/pages/index/index'
const LIST = 'pagesAdmin/pages/masterList/index'
const EDIT = 'pagesAdmin/pages/masterEdit/index'

beforeAll(() => h.launchApp())

const card = (name) => h.$$('.master-list__card').find((c) => h.$('.master-list__name', c)?.textContent.trim() === name)

it('a manager adds a department, and retires one in use when its delete is refused', async () => {
  const name = `测试部门${Date.now() % 100000}`
  await signIn('manager')
  await h.openPage(ADMIN_HOME)
  await h.waitForPage(ADMIN_HOME)
  h.tap(await h.waitFor(() => h.byText(adminZh['master.list.departments'])[0], { what: 'the departments entry' }))
  await h.waitForPage(LIST)
  await h.waitFor(() => card('厨房'), { what: 'the demo kitchen' })

  h.tap(h.byText(adminZh['master.new'])[0])
  await h.waitForPage(EDIT)
  await h.settled()
  await fill({ key: 'name', type: 'text', value: name })
  h.tap(h.byText(zh['common.save']).at(-1))
  await h.waitForPage(LIST)
  await h.waitFor(() => card(name), { what: 'the new department listed' })

  // 厨房 has an outbound order of the demo: refused, and retired instead.
  const modals = h.ui.modals.length
  h.tap(h.byText(adminZh['master.delete'], card('厨房'))[0])
  const refused = await h.waitFor(() => h.ui.modals[modals + 1], { what: 'the refusal' })
  expect([refused.title, refused.content, refused.confirmText]).toEqual([
    adminZh['master.inUseTitle'],
    fmt(serverZh['master.inUse'], { name: '厨房' }),
    adminZh['master.retire'],
  ])
  await h.waitFor(() => !card('厨房'), { what: 'the kitchen gone from the departments in use' })
  const token = await tokenOf('manager')
  const { res } = await post('admin/departments/list', { keyword: '厨房', retired: true, page: 1, limit: 5 }, { token })
  expect(res.list.map((d) => [d.name, d.retired])).toEqual([['厨房', true]])
  await post('admin/departments/restore', { id: res.list[0].id }, { token })
})
