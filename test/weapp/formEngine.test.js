// What every form does the same way, in the compiled mini program against the real server: a new
// record starts with what the app knows (the customer, her babies, the staff member, the working
// date); every form has its 历史记录, whose entries name the customer and the baby; 入住须知
// shows its whole text in the page, not in a box of its own.
const h = require('./harness')
const { formZh, fmt, api } = require('./app')
const f = require('./forms')
const paediatricRound = require('../support/paediatricRound.cjs')

let twinsCustomer
let staff
let token

/** The working date, as the form's header shows it. */
const workingDate = () =>
  h
    .textOf(h.$('.form-header__date'))
    .trim()
    .match(/\d{4}-\d{2}-\d{2}/)[0]

/** Opens a form page as the app does for the current customer and waits for its first field. */
async function openForm(route, firstKey) {
  await h.openPage(route)
  await h.waitFor(() => f.fieldOf(firstKey), { what: `the field ${firstKey}` })
  await h.settled()
}

beforeAll(async () => {
  const login = await api('account/login_old', { account: 'demo', password: 'demo1234' })
  token = login.token
  staff = login.userInfo
  const { list } = await api('customer/index', { page: 1, limit: 100 }, token)
  twinsCustomer = list.find((c) => c.children.length === 2 && c.phone && c.room)
  h.storage.set('token', token)
  h.storage.set('userInfo', staff)
  // As choosing her in the picker leaves them.
  h.storage.set('customerInfo', twinsCustomer)
  h.storage.set('childrenData', twinsCustomer.children)
  h.launchApp()
})

it("a check-in notice starts with the mother's name, phone and room and both her babies", async () => {
  expect(twinsCustomer).toBeDefined()
  await openForm('pagesHome/pages/form/checkInNotice/yz/form', 'customer_name')
  expect(f.shownValue('customer_name')).toBe(twinsCustomer.name)
  expect(f.shownValue('phone')).toBe(twinsCustomer.phone)
  expect(f.shownValue('room')).toBe(twinsCustomer.room)
  expect(h.textOf(f.fieldOf('baby_count'))).toContain('2')
  expect(f.fieldOf('babies.0.sex')).not.toBeNull()
  expect(f.fieldOf('babies.1.sex')).not.toBeNull()
  expect(f.fieldOf('babies.2.sex')).toBeNull()
  // Not a date the app knows: left to choose.
  expect(h.$('.form-picker__text', f.fieldOf('check_in_date'))).toBeNull()
})

it('the lost-receipt proof names the customer and the signed-in staff member as 经办人, signed on the working date', async () => {
  await openForm('pagesHome/pages/form/ProofofLostReceipt/form', 'customer_name')
  expect(f.shownValue('customer_name')).toBe(twinsCustomer.name)
  expect(f.shownValue('phone')).toBe(twinsCustomer.phone)
  expect(f.shownValue('handler')).toBe(staff.name)
  expect(f.shownValue('sign_date')).toBe(workingDate())
})

it('入住须知 shows the whole rules text in the page, then the agreement; it has its 历史记录', async () => {
  const survey = await api('index/getSurvey', {}, token)
  await openForm('pagesHome/pages/checkNotice', 'agree')
  const rules = h.$('.check-notice__rules-text')
  expect(rules.closest('wx-scroll-view')).toBeNull()
  expect(h.$('wx-scroll-view', rules)).toBeNull()
  expect(h.textOf(rules).trim()).toBe(survey.content.trim())
  expect(h.byText(formZh['formUi.records']).length).toBeGreaterThan(0)
})

it("twins' paediatric rounds tell apart in 历史记录: each names the customer and the baby", async () => {
  await openForm('pagesHome/pages/form/Pediatricianrounds/form', 'round_date')
  const today = workingDate()
  for (const child of twinsCustomer.children)
    await api('index/saveForm', paediatricRound(twinsCustomer.id, child.id, today), token)
  await openForm('pagesHome/pages/form/Pediatricianrounds/form', 'round_date')
  // A new round starts on the working date, with the doctor of the site's last round (not the clerk).
  expect(f.shownValue('round_date')).toBe(today)
  await h.waitFor(() => f.shownValue('doctor_name') === paediatricRound(0, 0, today).data.doctor_name, {
    what: "the last round's doctor",
  })
  expect(f.shownValue('doctor_name')).not.toBe(staff.name)
  h.tap(h.byText(formZh['formUi.records'])[0])
  await h.waitFor(() => h.$$('.form-records__row').length >= 2, { what: 'the two rounds' })
  const rows = h.$$('.form-records__row').map((row) => h.textOf(row))
  const customerLine = fmt(formZh['formUi.forCustomer'], { name: twinsCustomer.name, room: twinsCustomer.room })
  for (const child of twinsCustomer.children) {
    const baby = fmt(formZh['formUi.recordBaby'], { name: child.name })
    expect([baby, rows.filter((text) => text.includes(baby) && text.includes(customerLine)).length]).toEqual([baby, 1])
  }
})

it('one paediatric round for her twins: a section per baby, saved once, one row naming both', async () => {
  const [first, second] = twinsCustomer.children
  await openForm('pagesHome/pages/form/Pediatricianrounds/form', 'round_date')
  expect(h.byText(fmt(formZh['formUi.babySection'], { n: 2, name: second.name })).length).toBe(1)
  expect(f.fieldOf('babies.0.baby_id')).toBeNull()
  // Her first baby is chosen; the twin's examination is typed in her own section.
  await f.fillAll(paediatricRound.twinsFields(37.2))
  expect(f.messages()).toEqual([])
  const id = await f.saveAndWaitSaved()
  const { data } = await api('index/getFormRecordInfo', { id }, token)
  expect([data.baby_id, data.babies.map((baby) => [baby.baby_id, baby.temperature])]).toEqual([
    first.id,
    [[second.id, 37.2]],
  ])
  h.tap(h.byText(formZh['formUi.records'])[0])
  const both = fmt(formZh['formUi.recordBaby'], { name: [first.name, second.name].join(formZh['formUi.babiesJoin']) })
  await h.waitFor(() => h.$$('.form-records__row').some((row) => h.textOf(row).includes(both)), {
    what: 'one row naming both babies',
  })
})

it('her file shows the round just saved at the top of her timeline, with her babies', async () => {
  const today = (await api('account/index', {}, token)).date
  const round = await api(
    'index/saveForm',
    paediatricRound(twinsCustomer.id, twinsCustomer.children[1].id, today),
    token,
  )
  // Her file opens for the current customer when no id is given.
  await h.openPage('pagesCustomer/pages/file/index')
  await h.waitFor(() => h.$$('.customer-file__entry').length > 0, { what: 'her timeline' })
  await h.settled()
  const first = h.textOf(h.$$('.customer-file__entry')[0])
  expect(first).toContain(formZh['form.title.pediatricianRounds'])
  for (const child of twinsCustomer.children) expect(h.textOf()).toContain(child.name)
  const calls = h.calls.filter((call) => call.url.endsWith('/api/care/customer/timeline'))
  expect(calls.at(-1).reply.res.list[0]).toMatchObject({ kind: 'record', id: round.id })
})

// A check-in notice names its mother: these come last, as the mother they admit becomes the current customer.
const noticeZh = require('../../locales/notice/zh-CN.json')

/** The mother the notice's header names. */
const noticeFor = () => h.textOf(h.$('.notice-for__name')).trim()

it('a 月子入住通知单 started with 新入住 admits a new arrival: she is the current customer and in the picker', async () => {
  await openForm('pagesHome/pages/form/checkInNotice/yz/form', 'customer_name')
  expect(noticeFor()).toBe(fmt(noticeZh['notice.for'], { name: twinsCustomer.name }))
  h.tap(h.byText(noticeZh['notice.startNewArrival'])[0])
  await h.waitFor(() => noticeFor() === noticeZh['notice.newArrival'], { what: 'a new arrival’s notice' })
  const floors = await api('index/floorList', {}, token)
  const room = floors.flatMap((floor) => floor.rooms).findLast((r) => !r.customer_id).room
  const phone = `135${String(Date.now()).slice(-8)}`
  await f.fillAll([
    { key: 'customer_name', type: 'text', value: '郑新' },
    { key: 'phone', type: 'phone', value: phone },
    { key: 'package_id', type: 'choice' },
    { key: 'room', type: 'room', value: room },
    { key: 'check_in_date', type: 'date' },
    { key: 'days', type: 'number', value: '28' },
    { key: 'departments', type: 'multiselect' },
  ])
  const id = await f.saveAndWaitSaved()
  await h.waitFor(() => noticeFor() === fmt(noticeZh['notice.for'], { name: '郑新' }), { what: 'her name' })
  const record = await api('index/getFormRecordInfo', { id }, token)
  expect(h.storage.get('customerInfo')).toMatchObject({ id: record.customer_id, name: '郑新', phone, room })
  const { list } = await api('customer/index', { page: 1, limit: 10, keyword: phone }, token)
  expect(list.map((c) => [c.id, c.name])).toEqual([[record.customer_id, '郑新']])

  // Her saved notice with her name changed asks; 更正她的资料 corrects her and keeps the notice hers.
  await f.fill({ key: 'customer_name', type: 'text', value: '郑新新' })
  h.tap('.form-page__save')
  await h.waitFor(() => h.$('.notice-ask__correct'), { what: 'the question' })
  expect(h.$('.notice-ask__admit')).toBeNull()
  h.tap('.notice-ask__correct')
  const saved = async () => (await api('index/getFormRecordInfo', { id }, token)).data.customer_name === '郑新新'
  for (let tries = 0; tries < 100 && !(await saved()); tries++) await h.simulate.sleep(100)
  expect((await api('customer/info', { id: record.customer_id }, token)).name).toBe('郑新新')
  expect((await api('index/getFormRecordInfo', { id }, token)).data.customer_name).toBe('郑新新')
})
