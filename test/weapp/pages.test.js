// Every page of app.json (main package and pagesHome), opened in the simulator while signed in as
// demo with a customer chosen: it renders with the server's data, every call it makes is answered
// with success, and nothing is thrown (the harness fails a test on any uncaught error).
const h = require('./harness')
const { zh, formZh, api, signIn, pickCustomer, appToken } = require('./app')

const app = h.readAppJson()
const ROUTES = [...app.pages, ...app.subPackages.flatMap((sub) => sub.pages.map((page) => `${sub.root}/${page}`))]

// What each page shows: its title (the navigation bar's, set from the locale) and, once its data
// is there, something only the server can have told it.
const list = async (route, body) => (await api(route, { page: 1, limit: 1, ...body }, token)).list[0]
const SHOWS = {
  'pages/tabPages/index': { title: zh['home.title'], data: async () => customer.name },
  'pages/tabPages/personalCenter': { title: zh['personalCenter.title'], data: async () => (await api('account/info', {}, token)).site_name },
  'pages/login/index': { title: zh['login.title'], data: async () => zh['login.submit'] },
  'pages/modifyPwd/index': { title: zh['modifyPwd.title'] },
  'pages/notFound/index': { title: zh['notFound.title'] },
  // The locale leaves the web-view's title empty (WeChat shows the web page's own): none is set.
  'pages/webView/index': { title: zh['webView.title'], data: async () => zh['webView.refused'] },
  'uni_modules/rt-uni-update/components/rt-uni-update/rt-uni-update': { title: zh['update.title'], data: async () => zh['update.currentVersion'] },
  'pagesHome/pages/form/chooseDate': { title: zh['chooseDate.title'] },
  'pagesHome/pages/form/Pediatricianrounds/form': { title: formZh['form.title.pediatricianRounds'], data: async () => customer.children[0].name },
  'pagesHome/pages/form/Obstetricianrounds/form': { title: formZh['form.title.obstetricianRounds'], data: async () => customer.name },
  'pagesHome/pages/checkNotice': { title: zh['entry.checkNotice'], data: async () => (await api('index/getSurvey', {}, token)).content.slice(0, 20) },
  'pagesHome/pages/form/ProofofLostReceipt/form': { title: formZh['form.title.proofOfLostReceipt'] },
  'pagesHome/pages/form/visit/form': { title: formZh['form.title.visit'], data: async () => customer.name },
  'pagesHome/pages/form/familyFood/form': { title: formZh['form.title.familyFood'], data: async () => customer.name },
  'pagesHome/pages/form/checkInNotice/yz/form': { title: formZh['form.title.checkInNoticeMonth'], data: async () => (await api('index/departmentList', {}, token))[0].name },
  'pagesHome/pages/form/checkInNotice/yzSmall/form': { title: formZh['form.title.checkInNoticeSmall'], data: async () => (await api('index/departmentList', {}, token))[0].name },
  'pagesHome/pages/form/checkInNotice/index': { title: zh['entry.checkInNoticeList'], data: async () => formZh['checkInList.newMonth'] },
  'pagesHome/pages/form/linliao/index': { title: zh['entry.outboundList'], data: async () => (await list('outApply/index', { type: 'general' })).no },
  'pagesHome/pages/form/linliao/commom/form': { title: formZh['form.title.outApply'], data: async () => customer.name },
  'pagesHome/pages/form/linliao/dcb/form': { title: formZh['form.title.giftReceipt'], data: async () => customer.name },
  'pagesHome/pages/form/checkInGift/index': { title: zh['entry.giftOutboundList'], data: async () => (await list('outApply/index', { type: 'gift' })).no },
  'pagesHome/pages/form/checkInGift/form': { title: formZh['form.title.checkInGift'], data: async () => customer.name },
  'pagesHome/pages/form/Selffundeditemconsumptiontable/index': { title: zh['entry.selfPaidOutboundList'], data: async () => (await list('specialCare/index')).no },
  'pagesHome/pages/form/Selffundeditemconsumptiontable/form': { title: formZh['form.title.selfPaidItems'], data: async () => customer.name },
}

let customer
let token
beforeAll(async () => {
  h.launchApp()
  await signIn('demo')
  customer = await pickCustomer('801')
  token = appToken()
})

it('lists every page this file opens', () => {
  expect(Object.keys(SHOWS).sort()).toEqual([...ROUTES].sort())
})

describe.each(ROUTES)('%s', (route) => {
  it('renders with the server\'s data and no error', async () => {
    const before = h.calls.length
    const modals = h.ui.modals.length
    await h.openPage(route)
    await h.waitForPage(route)
    await h.settled()
    expect(h.topRoute()).toBe(route)
    const { title, data } = SHOWS[route]
    await h.waitFor(() => h.top().title === title, { what: `the title ${title} (is ${h.top().title})` })
    if (data) {
      const shown = await data()
      await h.waitFor(() => h.textOf().includes(shown), { what: `${shown} on the page` })
    }
    for (const call of h.calls.slice(before)) {
      expect(call.errMsg).toBeUndefined()
      expect([call.url, call.reply?.code ?? call.reply?.err]).toEqual([call.url, call.reply?.code !== undefined ? 1 : 0])
    }
    expect(h.ui.modals.slice(modals)).toEqual([])
  })
})
