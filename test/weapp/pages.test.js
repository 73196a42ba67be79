// Every page of app.json (main package, pagesHome, pagesAccount, pagesAdmin, pagesCustomer and pagesDesk), opened in the
// simulator while signed in as the demo's manager (who may also administer) with a customer chosen:
// it renders with the server's data, every call it makes is answered with success, and nothing is
// thrown (the harness fails a test on any uncaught error).
const h = require('./harness')
const { zh, en, formZh, formEn, adminZh, adminEn, post, api, signIn, pickCustomer, appToken } = require('./app')

const customerZh = require('../../locales/customer/zh-CN.json')
const customerEn = require('../../locales/customer/en.json')
const deskZh = require('../../locales/desk/zh-CN.json')
const deskEn = require('../../locales/desk/en.json')

/** A key's text in a language (the app's, the forms', the administration's, the mothers' or the desk's strings); an empty one stays empty. */
const text = (lang, key) => {
  const [chinese, english] = [
    [zh, en],
    [formZh, formEn],
    [adminZh, adminEn],
    [customerZh, customerEn],
    [deskZh, deskEn],
  ].find(([strings]) => key in strings)
  if (lang !== 'en' || chinese[key] === '') return chinese[key]
  return key in english ? english[key] : chinese[key]
}

const app = h.readAppJson()
const ROUTES = [...app.pages, ...app.subPackages.flatMap((sub) => sub.pages.map((page) => `${sub.root}/${page}`))]

// What each page shows: its title (the navigation bar's, set from the locale) and, once its data
// is there, something only the server can have told it.
const list = async (route, body) => (await api(route, { page: 1, limit: 1, ...body }, token)).list[0]
const SHOWS = {
  'pages/tabPages/index': { titleKey: 'home.title', data: async () => customer.name },
  'pages/tabPages/personalCenter': {
    titleKey: 'personalCenter.title',
    data: async () => (await api('account/info', {}, token)).site_name,
  },
  'pages/login/index': { titleKey: 'login.title', data: async () => zh['login.submit'] },
  'pages/modifyPwd/index': { titleKey: 'modifyPwd.title' },
  'pagesAccount/devices/index': { titleKey: 'devices.title', data: async () => zh['devices.thisDevice'] },
  'pages/notFound/index': { titleKey: 'notFound.title' },
  // The locale leaves the web-view's title empty (WeChat shows the web page's own): none is set.
  'pages/webView/index': { titleKey: 'webView.title', data: async () => zh['webView.refused'] },
  'uni_modules/rt-uni-update/components/rt-uni-update/rt-uni-update': {
    titleKey: 'update.title',
    data: async () => zh['update.currentVersion'],
  },
  'pagesHome/pages/form/chooseDate': { titleKey: 'chooseDate.title' },
  'pagesHome/pages/form/Pediatricianrounds/form': {
    titleKey: 'form.title.pediatricianRounds',
    data: async () => customer.children[0].name,
  },
  'pagesHome/pages/form/Obstetricianrounds/form': {
    titleKey: 'form.title.obstetricianRounds',
    data: async () => customer.name,
  },
  'pagesHome/pages/checkNotice': {
    titleKey: 'entry.checkNotice',
    data: async () => (await api('index/getSurvey', {}, token)).content.slice(0, 20),
  },
  'pagesHome/pages/form/ProofofLostReceipt/form': { titleKey: 'form.title.proofOfLostReceipt' },
  'pagesHome/pages/form/visit/form': { titleKey: 'form.title.visit', data: async () => customer.name },
  'pagesHome/pages/form/familyFood/form': { titleKey: 'form.title.familyFood', data: async () => customer.name },
  'pagesHome/pages/form/checkInNotice/yz/form': {
    titleKey: 'form.title.checkInNoticeMonth',
    data: async () => (await api('index/departmentList', {}, token))[0].name,
  },
  'pagesHome/pages/form/checkInNotice/yzSmall/form': {
    titleKey: 'form.title.checkInNoticeSmall',
    data: async () => (await api('index/departmentList', {}, token))[0].name,
  },
  'pagesHome/pages/form/checkInNotice/index': {
    titleKey: 'checkInNoticeList.title',
    data: async () => formZh['checkInNoticeList.newMonth'],
  },
  'pagesHome/pages/form/linliao/index': {
    titleKey: 'stock.outApplyGeneralList.title',
    data: async () => (await list('outApply/index', { type: 'general' })).no,
  },
  // A department's order names no mother.
  'pagesHome/pages/form/linliao/commom/form': {
    titleKey: 'form.title.outApplyGeneral',
    data: async () => formZh['form.field.department_id'],
  },
  'pagesHome/pages/form/linliao/dcb/form': { titleKey: 'form.title.giftCollection', data: async () => customer.name },
  'pagesHome/pages/form/checkInGift/index': {
    titleKey: 'stock.outApplyGiftList.title',
    data: async () => (await list('outApply/index', { type: 'gift' })).no,
  },
  'pagesHome/pages/form/checkInGift/form': { titleKey: 'form.title.outApplyGift', data: async () => customer.name },
  'pagesHome/pages/form/Selffundeditemconsumptiontable/index': {
    titleKey: 'stock.specialCareList.title',
    data: async () => (await list('specialCare/index')).no,
  },
  'pagesHome/pages/form/Selffundeditemconsumptiontable/form': {
    titleKey: 'form.title.specialCare',
    data: async () => customer.name,
  },
  'pagesHome/pages/form/inbound/index': {
    titleKey: 'stock.inboundList.title',
    data: async () => (await list('inbound/index')).no,
  },
  'pagesHome/pages/form/inbound/form': {
    titleKey: 'form.title.inbound',
    data: async () => formZh['form.field.supplier'],
  },
  'pagesHome/pages/form/stock/index': {
    titleKey: 'stockLevels.title',
    data: async () => (await list('inoutstore/stock')).name,
  },
  'pagesCustomer/pages/file/index': { titleKey: 'customerFile.title', data: async () => customer.name },
  'pagesCustomer/pages/admission/index': {
    titleKey: 'form.title.admission',
    data: async () => formZh['form.field.customer_name'],
  },
  // Opened without a mother: the current customer's stay.
  'pagesCustomer/pages/stay/index': { titleKey: 'stay.title', data: async () => customer.name },
  'pagesDesk/pages/roomBoard/index': {
    titleKey: 'roomBoard.title',
    data: async () => (await api('index/floorList', {}, token))[0].rooms[0].room,
  },
  // Opened without a list: today's arrivals.
  'pagesDesk/pages/today/index': { titleKey: 'deskDay.title', data: async () => deskZh['deskDay.list.arrivals'] },
  'pagesAdmin/pages/accessLog/index': { titleKey: 'accessLog.title', data: async () => customer.name },
  'pagesAdmin/pages/index/index': { titleKey: 'admin.title', data: async () => adminZh['staff.title'] },
  'pagesAdmin/pages/import/index': { titleKey: 'import.title', data: async () => adminZh['import.template'] },
  'pagesAdmin/pages/staff/index': {
    titleKey: 'staff.title',
    data: async () => (await post('admin/staff/list', { page: 1, limit: 1 }, { token })).res.list[0].account,
  },
  'pagesAdmin/pages/staffEdit/index': { titleKey: 'staff.newTitle' },
  'pagesAdmin/pages/centre/index': { titleKey: 'centre.title' },
  // Opened without a kind: the rooms.
  'pagesAdmin/pages/masterList/index': {
    titleKey: 'master.list.rooms',
    data: async () => (await api('index/floorList', {}, token))[0].rooms[0].room,
  },
  'pagesAdmin/pages/masterEdit/index': {
    titleKey: 'master.rooms.title',
    data: async () => adminZh['master.field.room'],
  },
}

let customer
let token
beforeAll(async () => {
  h.launchApp()
  await signIn('manager')
  customer = await pickCustomer('801')
  token = appToken()
})

it('lists every page this file opens', () => {
  expect(Object.keys(SHOWS).sort()).toEqual([...ROUTES].sort())
})

describe.each(ROUTES)('%s', (route) => {
  it("renders with the server's data and no error", async () => {
    const before = h.calls.length
    const modals = h.ui.modals.length
    await h.openPage(route)
    await h.waitForPage(route)
    await h.settled()
    expect(h.topRoute()).toBe(route)
    const { titleKey, data } = SHOWS[route]
    const title = text('zh', titleKey)
    await h.waitFor(() => h.top().title === title, { what: `the title ${title} (is ${h.top().title})` })
    if (data) {
      const shown = await data()
      await h.waitFor(() => h.textOf().includes(shown), { what: `${shown} on the page` })
    }
    for (const call of h.calls.slice(before)) {
      expect(call.errMsg).toBeUndefined()
      expect([call.url, call.reply?.code ?? call.reply?.err]).toEqual([
        call.url,
        call.reply?.code !== undefined ? 1 : 0,
      ])
    }
    expect(h.ui.modals.slice(modals)).toEqual([])
  })
})

// The same pages in English, chosen as a person does (我的 → English): every title is the English
// one (a missing key would fall back to the Chinese text).
describe('in English', () => {
  beforeAll(async () => {
    await h.openPage('pages/tabPages/personalCenter')
    await h.waitForPage('pages/tabPages/personalCenter')
    await h.settled()
    h.tap(h.byText(zh['lang.en'])[0])
    await h.waitFor(() => h.textOf().includes(en['mine.changePassword']), { what: 'English' })
  })

  it.each(ROUTES)('%s has its English title and its calls carry lang: en', async (route) => {
    const before = h.calls.length
    await h.openPage(route)
    await h.waitForPage(route)
    await h.settled()
    const title = text('en', SHOWS[route].titleKey)
    await h.waitFor(() => h.top().title === title, { what: `the title ${title} (is ${h.top().title})` })
    for (const call of h.calls.slice(before)) expect([call.url, call.header.lang]).toEqual([call.url, 'en'])
  })
})
