// What WeChat tells the mini program about the device: the update manager (a stand-in whose events
// the test fires, as WeChat does after its launch check) and the network (wx.onNetworkStatusChange,
// with the bridge failing calls while it is down, as WeChat does).
const h = require('./harness')
const { zh, formZh, api, tokenOf, pickCustomer, signIn } = require('./app')
const f = require('./forms')

const UPDATE_PAGE = 'uni_modules/rt-uni-update/components/rt-uni-update/rt-uni-update'
const MINE = 'pages/tabPages/personalCenter'

beforeAll(async () => {
  h.launchApp()
  await signIn('demo')
})

describe('update manager', () => {
  it('a downloaded update asks 更新提示 and confirming applies it', async () => {
    h.updateManager.fire('check', { hasUpdate: true })
    const modals = h.ui.modals.length
    h.updateManager.fire('ready')
    const modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the update modal' })
    expect([modal.title, modal.content]).toEqual([zh['update.tip'], zh['update.ready']])
    await h.waitFor(() => h.updateManager.applied === 1, { what: 'applyUpdate' })
  })

  it('declining the restart applies nothing', async () => {
    h.ui.answer = () => ({ confirm: false, cancel: true })
    const modals = h.ui.modals.length
    h.updateManager.fire('ready')
    await h.waitFor(() => h.ui.modals[modals]?.answered === 'cancel', { what: 'the declined modal' })
    await h.simulate.sleep(50)
    expect(h.updateManager.applied).toBe(1)
    h.ui.answer = () => ({ confirm: true, cancel: false })
  })

  it('the update page and 检查更新 show the same: ready, then a failed download asks to delete and reopen', async () => {
    await h.openPage(UPDATE_PAGE)
    await h.waitForPage(UPDATE_PAGE)
    await h.waitFor(() => h.top().title === zh['update.title'])
    // The launch check said an update was downloaded: the page's check asks to restart.
    let modals = h.ui.modals.length
    h.tap(h.byText(zh['update.check'])[0])
    let modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the update modal' })
    expect(modal.content).toBe(zh['update.ready'])
    await h.waitFor(() => h.updateManager.applied === 2)

    modals = h.ui.modals.length
    h.updateManager.fire('failed')
    modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the failure modal' })
    expect([modal.title, modal.content, modal.showCancel]).toEqual([zh['update.tip'], zh['update.failed'], false])
    modals = h.ui.modals.length
    h.tap(h.byText(zh['update.check'])[0])
    modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the failure modal from the page' })
    expect(modal.content).toBe(zh['update.failed'])

    // The personal centre's 检查更新 says the same.
    await h.openPage(MINE)
    await h.waitForPage(MINE)
    modals = h.ui.modals.length
    h.tap(h.byText(zh['mine.checkUpdate'])[0])
    modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the failure modal from 我的' })
    expect(modal.content).toBe(zh['update.failed'])
  })
})

describe('network loss', () => {
  const VISITOR = `断网访客${Date.now() % 100000}`
  let customer

  it('no network shows 哎呀，网络信号丢失; its return hides it', async () => {
    await h.openPage('pages/tabPages/index')
    await h.waitForPage('pages/tabPages/index')
    await h.settled()
    customer = await pickCustomer('807')
    h.setNetwork(false)
    await h.waitFor(() => h.textOf().includes(zh['network.lost']), { what: 'the banner' })
    h.setNetwork(true)
    await h.waitFor(() => !h.textOf().includes(zh['network.lost']), { what: 'the banner gone' })
  })

  it('a save without network keeps the form and its draft; the retry after it returns makes one record', async () => {
    const spec = f.FORMS.visit
    await h.openPage(spec.route)
    await h.waitFor(() => f.fieldOf('visitor_name'))
    await h.settled()
    const fields = spec.fields.map((field) => (field.key === 'visitor_name' ? { ...field, value: VISITOR } : field))
    const expected = await f.fillAll(fields)

    h.setNetwork(false)
    await h.waitFor(() => h.textOf().includes(zh['network.lost']), { what: 'the banner' })
    const modals = h.ui.modals.length
    h.tap('.form-page__save')
    const modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the offline modal' })
    expect(modal.content).toBe(formZh['formUi.saveOffline'])
    // The form keeps what was typed, and so does its draft.
    f.expectShown(expected)
    expect(h.$('.form-header__chip').textContent.trim()).toBe(formZh['formUi.newRecord'])
    const draft = h.storage.get(`draft:${h.storage.get('userInfo').id}:${spec.name}:${customer.id}`)
    expect(draft.values.visitor_name).toBe(VISITOR)

    h.setNetwork(true)
    await h.waitFor(() => !h.textOf().includes(zh['network.lost']), { what: 'the banner gone' })
    const id = await f.saveAndWaitSaved()
    await h.settled()
    const token = await tokenOf('demo')
    const { list } = await api(
      'index/getFormRecord',
      { name: spec.name, customer_id: customer.id, page: 1, limit: 50 },
      token,
    )
    const mine = list.filter((r) => r.data.visitor_name === VISITOR)
    expect(mine.map((r) => r.id)).toEqual([id])
    expect(h.storage.has(`draft:${h.storage.get('userInfo').id}:${spec.name}:${customer.id}`)).toBe(false)
  })

  it('a save whose reply is lost (the server saved it) and its retry make one record', async () => {
    const spec = f.FORMS.visit
    const visitor = `${VISITOR}乙`
    await h.openPage(spec.route)
    await h.waitFor(() => f.fieldOf('visitor_name'))
    await h.settled()
    await f.fillAll(spec.fields.map((field) => (field.key === 'visitor_name' ? { ...field, value: visitor } : field)))
    const modals = h.ui.modals.length
    h.network.loseReplies = 1
    h.tap('.form-page__save')
    const modal = await h.waitFor(() => h.ui.modals[modals], { what: 'the offline modal' })
    expect(modal.content).toBe(formZh['formUi.saveOffline'])
    expect(h.calls.filter((c) => c.lost)).toHaveLength(1)
    expect(h.$('.form-header__chip').textContent.trim()).toBe(formZh['formUi.newRecord'])

    const id = await f.saveAndWaitSaved()
    await h.settled()
    const token = await tokenOf('demo')
    const { list } = await api(
      'index/getFormRecord',
      { name: spec.name, customer_id: customer.id, page: 1, limit: 50 },
      token,
    )
    expect(list.filter((r) => r.data.visitor_name === visitor).map((r) => r.id)).toEqual([id])
  })
})
