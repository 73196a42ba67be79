// A compiled form page of the pagesHome subpackage in the simulator: the
// definition's fields render, and an empty save is stopped by the shared rules.
const { launchApp, renderPage, waitFor, simulate } = require('./harness')
const zhForms = require('../../locales/forms/zh-CN.json')

const customer = { id: 3, name: '张三', phone: '13800000003', room: '803', delivery_date: '2026-11-10', children: [] }

beforeAll(() => {
  wx.setStorageSync('token', 'tok-1')
  wx.setStorageSync('customerInfo', customer)
  launchApp()
})

it('renders the visitor register with its fields for the current customer', async () => {
  const page = renderPage('pagesHome/pages/form/visit/form')
  await waitFor(() => page.dom.textContent.includes(zhForms['form.field.visitor_name']))
  const text = page.dom.textContent
  for (const key of ['visitor_name', 'phone', 'relation', 'visitors', 'temperature', 'time_in', 'visitor_signature']) {
    expect(text).toContain(zhForms[`form.field.${key}`])
  }
  expect(text).toContain(customer.name)
  expect(text).toContain(zhForms['form.option.relation.husband'])
})

it('shows the validation messages of the definition when saved empty, and sends nothing', async () => {
  const calls = []
  wx.request = (options) => {
    calls.push(options)
    return { abort() {} }
  }
  const page = renderPage('pagesHome/pages/form/visit/form')
  await waitFor(() => page.dom.textContent.includes(zhForms['form.field.visitor_name']))
  page.querySelector('.form-page__save').dispatchEvent('tap')
  const required = zhForms['form.rule.required'].replace('{label}', zhForms['form.field.visitor_name'])
  await waitFor(() => page.dom.textContent.includes(required))
  await simulate.sleep(50)
  expect(calls.filter((c) => c.url.endsWith('/api/care/index/saveForm'))).toHaveLength(0)
})
