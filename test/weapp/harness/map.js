// WeChat's map pages and the location permission. `location.answer` is what the picker does next:
// a place (confirmed), 'cancel', or 'deny' (the user refused the app the location);
// `location.chosen` and `location.opened` record what the app asked of each page.
const { settle, fail, later } = require('./callbacks')
const { topRoute } = require('./pages')

const location = {
  answer: 'cancel',
  /** Set by the settings page when the user allows the location there. */
  allowed: true,
  chosen: [],
  opened: [],
  settings: 0,
}
Object.assign(wx, {
  chooseLocation: (o) => {
    location.chosen.push({ latitude: o.latitude, longitude: o.longitude, page: topRoute() })
    const { answer } = location
    if (answer === 'deny') return later(() => fail(o, 'chooseLocation:fail auth deny'))
    if (answer === 'cancel' || !answer) return later(() => fail(o, 'chooseLocation:fail cancel'))
    later(() => settle(o, { ...answer, errMsg: 'chooseLocation:ok' }))
  },
  openLocation: (o) => {
    location.opened.push({ ...o, page: topRoute() })
    later(() => settle(o, { errMsg: 'openLocation:ok' }))
  },
  openSetting: (o) => {
    location.settings++
    later(() => settle(o, { authSetting: { 'scope.userLocation': location.allowed }, errMsg: 'openSetting:ok' }))
  },
})

module.exports = { location }
