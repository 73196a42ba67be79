// A compiled form page of the pagesHome subpackage in the simulator, with a session and a customer
// of the real server: the definition's fields render, an empty save is stopped by the shared
// rules without a call, and a visitor's fever is marked and asks for a reason.
const h = require('./harness')
const { formZh, fmt, api, tokenOf } = require('./app')
const { fieldOf, fill } = require('./forms')

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

it("marks a visitor's fever as it is typed, then asks why she is let in before the save", async () => {
  await h.openPage('pagesHome/pages/form/visit/form')
  await h.waitFor(() => fieldOf('temperature'), { what: 'the temperature' })
  await h.settled()
  expect(fieldOf('flag_reason')).toBeFalsy()
  await fill({ key: 'temperature', type: 'number', value: '37.8' })
  const mark = fmt(formZh['form.flag.visitorFever'], { value: 37.8, bound: 37.3 })
  await h.waitFor(() => h.textOf(fieldOf('temperature')).includes(mark), { what: 'the fever mark' })
  await h.waitFor(() => fieldOf('flag_reason'), { what: 'the reason field' })
  const before = h.calls.length
  h.tap('.form-page__save')
  const asked = fmt(formZh['form.rule.flagReason'], { label: formZh['form.field.flag_reason'] })
  await h.waitFor(() => h.textOf(fieldOf('flag_reason')).includes(asked), { what: 'the reason asked for' })
  expect(h.calls.slice(before).filter((c) => c.url.endsWith('/api/care/index/saveForm'))).toHaveLength(0)
})

/** Polls the server until `check` resolves truthy. */
async function untilServer(check, what) {
  for (let tries = 0; tries < 50; tries++) {
    const value = await check()
    if (value) return value
    await h.simulate.sleep(100)
  }
  throw new Error(`the server never showed ${what}`)
}

it('records a departure with one tap on 离开: saved, named with its time, and taken back with 撤销', async () => {
  await h.openPage('pagesHome/pages/form/visit/form')
  await h.waitFor(() => h.textOf().includes(formZh['visit.leaving']))
  await h.settled()
  const token = h.storage.get('token')
  const day = h.$('.form-header__date').textContent.match(/\d{4}-\d{2}-\d{2}/)[0]
  const query = { name: '访客出入登记表', date_from: day, date_to: day, page: 1, limit: 100 }
  const inside = (await api('index/getFormRecord', query, token)).list.filter((record) => !record.data.time_out)
  // Other files save visits under the sample data's visitor: one whose name no other visit inside
  // shares is the one her row can be told by.
  const visitor = inside.find(
    (record) => inside.filter((other) => other.data.visitor_name === record.data.visitor_name).length === 1,
  )
  expect(visitor).toBeTruthy()
  const rowOf = () => h.$$('.leaving-visitors__row').find((row) => row.textContent.includes(visitor.data.visitor_name))

  h.tap(h.byText(formZh['visit.leaving'])[0])
  const row = await h.waitFor(rowOf, { what: 'the visitor among those inside' })
  h.tap(h.byText(formZh['visit.markLeft'], row)[0])
  const saved = await untilServer(async () => {
    const record = await api('index/getFormRecordInfo', { id: visitor.id }, token)
    return record.data.time_out && record
  }, 'the departure saved')
  const said = fmt(formZh['visit.left'], { name: visitor.data.visitor_name, time: saved.data.time_out.slice(11) })
  await h.waitFor(() => h.textOf().includes(said), { what: 'the departure named' })
  expect(rowOf()).toBeFalsy()
  // The form stays the new visit of the customer chosen.
  expect(h.textOf()).toContain(customer.name)
  expect(h.textOf()).toContain(formZh['formUi.newRecord'])

  h.tap(h.byText(formZh['visit.undoLeft'], h.$('.leaving-visitors__done'))[0])
  await untilServer(
    async () => !(await api('index/getFormRecordInfo', { id: visitor.id }, token)).data.time_out,
    'the departure taken back',
  )
  await h.waitFor(rowOf, { what: 'the visitor inside again' })
  await h.settled()
})
