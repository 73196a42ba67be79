// Who opened what: a record holding a mother's ID number, read by one account, shows on the access
// log that a manager opens from the personal centre.
const h = require('./harness')
const { zh, adminZh, formZh, api, tokenOf, signIn, pickCustomer, fmt } = require('./app')

const MINE = 'pages/tabPages/personalCenter'
const ACCESS_LOG = 'pagesAdmin/pages/accessLog/index'

beforeAll(() => h.launchApp())

it("a manager sees that another account read a customer's check-in notice", async () => {
  // demo (客服小李) reads a check-in notice that holds the customer's ID number, from another client.
  const demo = await tokenOf('demo')
  const notices = await api('index/getFormRecord', { name: '月子入住通知单', page: 1, limit: 100 }, demo)
  const notice = notices.list.find((record) => record.data.id_card)
  await api('index/getFormRecordInfo', { id: notice.id }, demo)

  await signIn('manager')
  await h.tapTab(MINE)
  await h.waitForPage(MINE)
  await h.settled()
  h.tap(await h.waitFor(() => h.byText(zh['mine.accessLog'])[0], { what: 'the access log entry' }))
  await h.waitForPage(ACCESS_LOG)
  await pickCustomer(notice.room)
  const record = fmt(adminZh['accessLog.record'], { title: formZh['form.title.checkInNoticeMonth'], id: notice.id })
  const card = await h.waitFor(
    () => h.$$('.access-log__card').find((c) => c.textContent.includes(record) && c.textContent.includes('客服小李')),
    { what: `客服小李 reading ${record}` },
  )
  expect(card.textContent).toContain(adminZh['accessLog.read'])
})
