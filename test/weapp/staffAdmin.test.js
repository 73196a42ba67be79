// The staff administration in the mini program: the manager adds a staff member and reads her
// one-time password once; she signs in with it and is sent to change it; disabled, she is signed out.
const h = require('./harness')
const { zh, post, tokenOf, submitLogin, signIn, fmt } = require('./app')
const adminZh = require('../../locales/admin/zh-CN.json')

const STAFF = 'pagesAdmin/pages/staff/index'
const STAFF_EDIT = 'pagesAdmin/pages/staffEdit/index'
const MINE = 'pages/tabPages/personalCenter'
const LOGIN = 'pages/login/index'

beforeAll(() => h.launchApp())

const inputOf = (key) => {
  const frame = h.$(`#form-field-${key}`)
  return h.$('.nut-input-native', frame) || h.$('wx-input', frame)
}

it('the manager adds a staff member, who signs in with her one-time password; disabled, she is signed out', async () => {
  await signIn('manager')
  await h.openPage(STAFF)
  await h.waitForPage(STAFF)
  await h.settled()
  h.tap(await h.waitFor(() => h.byText(adminZh['staff.add'])[0], { what: 'the add button' }))
  await h.waitForPage(STAFF_EDIT)
  await h.waitFor(() => inputOf('account'), { what: 'the staff form' })

  const account = `sim.${Date.now().toString(36)}`
  h.type(inputOf('name'), '苏新员工')
  h.type(inputOf('account'), account)
  await h.simulate.sleep(30)
  const modals = h.ui.modals.length
  h.tap('.admin-form__save')
  const dialog = await h.waitFor(() => h.ui.modals.slice(modals).find((m) => m.content.includes(account)), {
    what: 'the one-time password',
  })
  expect(dialog.title).toBe(fmt(adminZh['staff.passwordTitle'], { name: '苏新员工' }))
  expect(dialog.showCancel).toBe(false)
  const password = /一次性密码：\s*([A-Za-z0-9]+)/.exec(dialog.content)[1]
  expect(dialog.content).toContain('只显示这一次')
  await h.waitForPage(STAFF)
  const id = h.calls.filter((c) => c.url.endsWith('/api/admin/staff/save')).pop().reply.res.id

  // She signs in with it and must choose her own first.
  await h.openPage(LOGIN)
  await h.waitForPage(LOGIN)
  await submitLogin(account, password)
  await h.waitForPage('pages/modifyPwd/index')
  await h.settled()
  const [next, confirm] = h.$$('wx-input')
  h.type(next, 'Suxin2026')
  h.type(confirm, 'Suxin2026')
  await h.simulate.sleep(30)
  h.tap(h.byText(zh['modifyPwd.submit'])[0])
  await h.waitForPage('pages/tabPages/index')
  await h.settled()

  // The manager disables her from another device: her app is signed out at its next request.
  const manager = await tokenOf('manager')
  expect((await post('admin/staff/disable', { id }, { token: manager })).code).toBe(1)
  await h.tapTab(MINE)
  await h.waitForPage(LOGIN)
})
