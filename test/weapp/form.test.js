// A compiled form page of the pagesHome subpackage in the simulator, with a session and a customer
// of the real server: the definition's fields render, and an empty save is stopped by the shared
// rules without a call.
const h = require('./harness')
const { formZh, fmt, api, tokenOf } = require('./app')

let customer
beforeAll(async () => {
  const token = await tokenOf('demo')
  customer = (await api('customer/index', { page: 1, limit: 1, keyword: '805' }, token)).list[0]
  h.storage.set('token', token)
  h.storage.set('customerInfo', customer)
  h.launchApp()
})

it('renders the visitor register with its fields for the current customer', async () => {
  await h.openPage('pagesHome/pages/form/visit/form')
  await h.waitFor(() => h.textOf().includes(formZh['form.field.visitor_name']))
  const text = h.textOf()
  for (const key of ['visitor_name', 'phone', 'relation', 'visitors', 'temperature', 'time_in', 'visitor_signature']) {
    expect(text).toContain(formZh[`form.field.${key}`])
  }
  expect(text).toContain(customer.name)
  expect(text).toContain(formZh['form.option.relation.husband'])
})

it('shows the validation messages of the definition when saved empty, and sends nothing', async () => {
  await h.openPage('pagesHome/pages/form/visit/form')
  await h.waitFor(() => h.textOf().includes(formZh['form.field.visitor_name']))
  await h.settled()
  const before = h.calls.length
  h.tap('.form-page__save')
  const required = fmt(formZh['form.rule.required'], { label: formZh['form.field.visitor_name'] })
  await h.waitFor(() => h.textOf().includes(required))
  await h.simulate.sleep(50)
  expect(h.calls.slice(before).filter((c) => c.url.endsWith('/api/care/index/saveForm'))).toHaveLength(0)
})
