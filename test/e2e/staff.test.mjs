// The staff administration end to end: the manager adds a staff member and reads her one-time
// password once; she signs in with it and is sent to change it; the manager disables her and her
// open app is signed out.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { adminZh, button, fieldOf, fmt, input, isHome, modal, useApp, zh } from './app.mjs'

const app = useApp()

test('the manager adds a staff member, who signs in with her one-time password; disabling her signs her out', async () => {
  const manager = await app.newPage()
  await app.login(manager, 'manager', 'demo1234')
  await manager.waitForURL(isHome)
  await manager.goto(`${app.server.url}/pagesAdmin/pages/staff/index`)
  await button(manager, adminZh['staff.add']).click()
  await manager.waitForURL(/\/pagesAdmin\/pages\/staffEdit\/index/)

  const account = `e2e.${Date.now().toString(36)}`
  await fieldOf(manager, 'name').locator('input').fill('林新员工')
  await fieldOf(manager, 'account').locator('input').fill(account)
  await manager.locator('.admin-form__save').click()

  const dialog = modal(manager)
  await dialog.getByText(fmt(adminZh['staff.passwordTitle'], { name: '林新员工' })).waitFor()
  const text = await dialog.textContent()
  assert.match(text, /只显示这一次/)
  const password = /一次性密码：\s*([A-Za-z0-9]+)/.exec(text)?.[1]
  assert.ok(password, text)
  await dialog.getByText(zh['common.confirm'], { exact: true }).click()
  await manager.waitForURL(/\/pagesAdmin\/pages\/staff\/index/)
  const card = manager.locator('.staff-list__card').filter({ hasText: account })
  await card.getByText(adminZh['staff.mustChange']).waitFor()

  // Her phone: the one-time password signs in and leads to the change of password.
  const phone = await app.newPage()
  await app.login(phone, account, password)
  await phone.waitForURL(/\/pages\/modifyPwd\/index/)
  await phone.getByText(zh['modifyPwd.mustChange']).waitFor()
  await input(phone, zh['modifyPwd.enterNew']).fill('Linxin2026')
  await input(phone, zh['modifyPwd.enterConfirm']).fill('Linxin2026')
  await button(phone, zh['modifyPwd.submit']).click()
  await phone.waitForURL(isHome)

  // The manager disables her, after a question that names her.
  await card.click()
  await manager.waitForURL(/\/pagesAdmin\/pages\/staffEdit\/index\?id=\d+/)
  await button(manager, adminZh['staff.disable']).click()
  await dialog.getByText(fmt(adminZh['staff.disableConfirm'], { name: '林新员工', account })).waitFor()
  await dialog.getByText(zh['common.confirm'], { exact: true }).click()
  await manager.locator('.admin-form__who').getByText(adminZh['staff.disabled']).waitFor()

  // Her open app is signed out at its next request.
  await phone.reload()
  await phone.waitForURL(/\/pages\/login\/index/)
  await manager.close()
  await phone.close()
})
