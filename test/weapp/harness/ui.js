// What WeChat draws itself: toasts, modals, loading, titles, the tab bar, the document viewer, the
// navigation bar's back arrow. Recorded for the tests.
const fs = require('fs')
const { settle, fail, later } = require('./callbacks')
const { localPath } = require('./files')
const { top, topRoute } = require('./pages')

const ui = {
  toasts: [],
  modals: [],
  loading: 0,
  /** How the next modals are answered: a function of the modal, resolving { confirm, cancel }. */
  answer: () => ({ confirm: true, cancel: false }),
  /** The action sheets shown, each with the index tapped. */
  sheets: [],
  /** Which item of the next action sheets is tapped: a function of the sheet. */
  pick: () => 0,
}
Object.assign(wx, {
  showToast: (o) => (ui.toasts.push({ ...o, page: topRoute() }), later(() => settle(o, { errMsg: 'showToast:ok' }))),
  hideToast: (o) => later(() => settle(o, { errMsg: 'hideToast:ok' })),
  showLoading: (o) => (ui.loading++, later(() => settle(o, { errMsg: 'showLoading:ok' }))),
  hideLoading: (o) => (
    (ui.loading = Math.max(0, ui.loading - 1)),
    later(() => settle(o, { errMsg: 'hideLoading:ok' }))
  ),
  showModal: (o) => {
    const modal = { ...o, page: topRoute() }
    ui.modals.push(modal)
    later(async () => {
      const { confirm, cancel } = await ui.answer(modal)
      modal.answered = confirm ? 'confirm' : 'cancel'
      settle(o, { confirm: !!confirm, cancel: !!cancel, errMsg: 'showModal:ok' })
    })
  },
  showActionSheet: (o) => {
    const sheet = { ...o, page: topRoute() }
    ui.sheets.push(sheet)
    later(() => {
      sheet.tapped = ui.pick(sheet)
      settle(o, { tapIndex: sheet.tapped, errMsg: 'showActionSheet:ok' })
    })
  },
  setNavigationBarTitle: (o) => {
    const page = top()
    if (page) page.title = o.title
    later(() => settle(o, { errMsg: 'setNavigationBarTitle:ok' }))
  },
  setTabBarItem: (o) => {
    ui.tabBar[o.index] = { ...ui.tabBar[o.index], ...o }
    later(() => settle(o, { errMsg: 'setTabBarItem:ok' }))
  },
  stopPullDownRefresh: (o) => later(() => settle(o, { errMsg: 'stopPullDownRefresh:ok' })),
  // A page with unsaved entries: WeChat asks before its back button or gesture leaves it (back()).
  enableAlertBeforeUnload: (o) => {
    const page = top()
    if (page) page.alertBeforeUnload = o.message
    later(() => settle(o, { errMsg: 'enableAlertBeforeUnload:ok' }))
  },
  disableAlertBeforeUnload: (o = {}) => {
    const page = top()
    if (page) page.alertBeforeUnload = ''
    later(() => settle(o, { errMsg: 'disableAlertBeforeUnload:ok' }))
  },
  pageScrollTo: (o) => later(() => settle(o, { errMsg: 'pageScrollTo:ok' })),
  // WeChat's document viewer: what it was asked to open, with the file's local path to read.
  openDocument: (o) => {
    const file = localPath(o.filePath)
    if (!fs.existsSync(file)) return later(() => fail(o, `openDocument:fail file not found: ${o.filePath}`))
    ui.documents.push({ ...o, file, page: topRoute() })
    later(() => settle(o, { errMsg: 'openDocument:ok' }))
  },
})
ui.tabBar = []
/** The files opened in WeChat's document viewer ({ filePath, fileType, showMenu, file, page }). */
ui.documents = []

// WeChat's own chrome (the navigation bar's back arrow, the native tab bar) is not in the page's
// tree: a test presses them through the route API WeChat calls for them.
const call = (api, options) => new Promise((resolve, reject) => wx[api]({ ...options, success: resolve, fail: reject }))
/**
 * The navigation bar's back arrow. On a page that enabled the alert before unload, WeChat asks
 * first (a modal, answered by ui.answer); cancelled, the page stays.
 */
async function back() {
  const message = top()?.alertBeforeUnload
  if (message) {
    const modal = { content: message, page: topRoute(), beforeUnload: true }
    ui.modals.push(modal)
    const { confirm } = await ui.answer(modal)
    modal.answered = confirm ? 'confirm' : 'cancel'
    if (!confirm) return undefined
  }
  return call('navigateBack', { delta: 1 })
}
/** A tap on the tab bar's item of `route`. */
const tapTab = (route) => call('switchTab', { url: `/${route.replace(/^\//, '')}` })

module.exports = { ui, back, tapTab }
