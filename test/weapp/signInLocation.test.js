// A ward round signed in where it happened, in the compiled mini program against the real server:
// WeChat's map picker (the harness's stand-in for wx.chooseLocation) opens at the site, the place
// shows with its distance from the site, a refused permission says so and offers the settings
// without losing what was typed, the round is saved with the place and flagged past the radius,
// and reopened its place opens in WeChat's map (wx.openLocation) at the saved coordinates.
const h = require('./harness')
const { formZh, fmt, api, appToken, signIn, pickCustomer, openEntry } = require('./app')
const f = require('./forms')

const spec = f.FORMS.pediatricianRounds
const KEY = 'signin_location'
let site

// Two places the picker answers: the nurses' station 100 m from the site, and a mother's home 3.4 km away.
const station = spec.fields.find((field) => field.key === KEY).value
const home = {
  name: '客户家中',
  address: '杭州市拱墅区湖墅南路 88 号',
  latitude: station.latitude + 0.03,
  longitude: station.longitude,
}

const placeText = (selector) => h.$(selector, f.fieldOf(KEY))?.textContent.trim()

beforeAll(async () => {
  h.launchApp()
  await signIn()
  site = (await api('account/info', {}, appToken())).site_location
  await pickCustomer('806')
  await openEntry(spec.entry, spec.route)
  await h.waitFor(() => f.fieldOf(KEY), { what: 'the round form' })
  await h.settled()
})

it('the site comes with the user info: the map opens there', () => {
  expect(site).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number), radius: 500 })
  expect(h.readAppJson().requiredPrivateInfos).toEqual(['chooseLocation'])
  expect(h.readAppJson().permission['scope.userLocation'].desc).toBeTruthy()
})

it('a refused permission says so, offers the settings, and keeps what was typed', async () => {
  await f.fill({ key: 'temperature', type: 'number', value: 36.7 })
  h.location.answer = 'deny'
  h.tap(h.$('.form-location__box', f.fieldOf(KEY)))
  const message = await h.waitFor(() => h.$('.form-location__denied', f.fieldOf(KEY)), { what: 'the refusal message' })
  expect(h.textOf(message)).toContain(formZh['formUi.locationDenied'])
  expect(h.location.chosen.at(-1)).toMatchObject({ latitude: site.latitude, longitude: site.longitude })
  // Nothing is lost and nothing is chosen.
  expect(f.shownValue('temperature')).toBe('36.7')
  expect(placeText('.form-location__name')).toBeUndefined()

  // The settings page; back with the location allowed, the message goes.
  const settings = h.location.settings
  h.tap(h.byText(formZh['formUi.openSettings'])[0])
  await h.waitFor(() => !h.$('.form-location__denied', f.fieldOf(KEY)), { what: 'the message to go' })
  expect(h.location.settings).toBe(settings + 1)
  expect(f.shownValue('temperature')).toBe('36.7')
})

it('a cancelled picker changes nothing', async () => {
  h.location.answer = 'cancel'
  const asked = h.location.chosen.length
  h.tap(h.$('.form-location__box', f.fieldOf(KEY)))
  await h.waitFor(() => h.location.chosen.length === asked + 1, { what: 'the picker' })
  await h.settled()
  expect(placeText('.form-location__name')).toBeUndefined()
  expect(h.textOf(f.fieldOf(KEY))).toContain(formZh['formUi.chooseLocation'])
  expect(f.messages()).toEqual([])
})

it('the place chosen shows by name with its distance; one past the radius is flagged', async () => {
  await f.chooseLocation(KEY, station)
  expect(placeText('.form-location__address')).toBe(station.address)
  expect(placeText('.form-location__distance')).toBe(fmt(formZh['form.location.distance'], { distance: 100 }))
  expect(h.$('.form-location__far', f.fieldOf(KEY))).toBeNull()

  await f.chooseLocation(KEY, home)
  expect(placeText('.form-location__distance')).toBe(fmt(formZh['form.location.distanceKm'], { distance: '3.4' }))
  expect(placeText('.form-location__far')).toBe(formZh['form.location.far'])
})

it("WeChat's map confirmed on the site's own point (no position measured): the distance is unknown, not 0", async () => {
  await f.chooseLocation(KEY, { name: '院区', address: '', latitude: site.latitude, longitude: site.longitude })
  expect(placeText('.form-location__distance')).toBe(formZh['form.location.unmeasured'])
  expect(h.$('.form-location__far', f.fieldOf(KEY))).toBeNull()
  // The round goes on with a measured place.
  await f.chooseLocation(KEY, home)
})

it('the round is saved with the place, the server counting its distance; the records list flags it', async () => {
  await f.fillAll(spec.fields.filter((field) => ![KEY, 'temperature'].includes(field.key)))
  const id = await f.saveAndWaitSaved()
  const record = await api('index/getFormRecordInfo', { id }, appToken())
  expect(record.data[KEY]).toEqual({ ...home, distance: 3436, far: true })

  h.tap(h.byText(formZh['formUi.new'])[0])
  await h.waitFor(() => h.$('.form-header__chip')?.textContent.trim() === formZh['formUi.newRecord'], {
    what: 'a new record',
  })
  h.tap(h.byText(formZh['formUi.records'])[0])
  const row = await h.waitFor(() => h.$$('.form-records__row')[0], { what: 'the records' })
  expect(h.textOf(row)).toContain(home.name)
  expect(h.$('.form-records__far', row)?.textContent.trim()).toBe(formZh['form.location.far'])

  // Reopened: the place again, and "view on map" opens WeChat's map at the saved coordinates.
  h.tap(row)
  await h.waitFor(
    () => h.$('.form-header__chip--edit')?.textContent.trim() === fmt(formZh['formUi.editRecord'], { id }),
    { what: `record #${id}` },
  )
  await h.waitFor(() => placeText('.form-location__name') === home.name, { what: 'the saved place' })
  expect(placeText('.form-location__far')).toBe(formZh['form.location.far'])
  h.tap(h.byText(formZh['formUi.viewOnMap'])[0])
  const opened = await h.waitFor(() => h.location.opened.at(-1), { what: "WeChat's map" })
  expect(opened).toMatchObject({
    latitude: home.latitude,
    longitude: home.longitude,
    name: home.name,
    address: home.address,
  })
})
