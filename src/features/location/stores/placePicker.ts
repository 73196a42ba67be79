import { makeAutoObservable, runInAction } from 'mobx'
import Taro from '@tarojs/taro'
import { DEFAULT_MAP_CENTRE } from '@/config'
import { RequestError } from '@/api/request'
import { t } from '@/i18n'
import { LOCATION_CHOSEN_EVENT, type Coordinates, type Place } from '@/utils/location'
import { findPlace } from '../api/map'
import { devicePosition } from '../devicePosition'
import { mapTilesStore } from './mapTiles'

/** Six decimals: about 10 cm, as precise as a map drag means anything. */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6

/** The address is looked up once the map has been still this long, not at every step of a drag. */
export const ADDRESS_LOOKUP_DELAY_MS = 600

/** The place being picked on H5's /choose-location, answered to whoever called chooseLocation. */
class PlacePickerStore {
  /** The point under the pin; null while the device's position is awaited. */
  centre: Coordinates | null = null
  /** The browser gave no position: the map opened on the caller's point or the default one. */
  positionUnavailable = false
  name = ''
  address = ''
  /** The locale key of what is wrong with the name. */
  nameError: string | null = null
  /** The user typed the name or the address: a found one never replaces it. */
  nameTyped = false
  addressTyped = false
  /** The server is looking up the address of the point under the pin. */
  findingAddress = false
  /** Why no address was filled in (none found here, the service busy): the user types it. */
  addressNote: string | null = null
  /** The caller has had its answer (a place or a cancel); it gets only one. */
  answered = false

  private lookupTimer: ReturnType<typeof setTimeout> | undefined = undefined

  constructor() {
    makeAutoObservable<PlacePickerStore, 'lookupTimer'>(this, { lookupTimer: false }, { autoBind: true })
  }

  /** Starts a pick: on the device's position, else on `near` (the site's), else on the default centre. */
  async open(near: Coordinates | null) {
    this.centre = null
    this.positionUnavailable = false
    this.name = ''
    this.address = ''
    this.nameError = null
    this.nameTyped = false
    this.addressTyped = false
    this.findingAddress = false
    this.addressNote = null
    this.answered = false
    const position = await devicePosition()
    runInAction(() => {
      this.positionUnavailable = !position
      const start = position ?? near ?? DEFAULT_MAP_CENTRE
      this.centre = { latitude: rounded(start.latitude), longitude: rounded(start.longitude) }
    })
    this.findAddressSoon()
  }

  /** The map was dragged: the pin, fixed in the middle, now points here. */
  moveTo({ latitude, longitude }: Coordinates) {
    this.centre = { latitude: rounded(latitude), longitude: rounded(longitude) }
    this.findAddressSoon()
  }

  setName(name: string) {
    this.name = name
    // Emptied, the name may be filled in again from the map.
    this.nameTyped = Boolean(name.trim())
    if (name.trim()) this.nameError = null
  }

  setAddress(address: string) {
    this.address = address
    this.addressTyped = Boolean(address.trim())
  }

  /** Looks the address up once the map is still (restarted by every move). */
  private findAddressSoon() {
    clearTimeout(this.lookupTimer)
    this.lookupTimer = setTimeout(this.findAddress, ADDRESS_LOOKUP_DELAY_MS)
  }

  /**
   * Fills in the address, and the name, of the point under the pin from the server's map service
   * (when it has one), leaving what the user typed. Where none is found, what was filled in for an
   * earlier point is taken away, and the page says to type it.
   */
  async findAddress() {
    const point = this.centre
    if (!point || this.answered) return
    await mapTilesStore.load()
    if (!mapTilesStore.geocode || this.centre !== point || this.answered) return
    this.findingAddress = true
    this.addressNote = null
    let found: Awaited<ReturnType<typeof findPlace>> = null
    let problem: string | null = null
    try {
      found = await findPlace(point)
    } catch (error) {
      // The server's own words (too many look-ups); without a reply, simply no address.
      if (error instanceof RequestError && error.code !== 0) problem = error.message
    }
    runInAction(() => {
      // The map has moved on: the look-up of the new point answers instead.
      if (this.centre !== point || this.answered) return
      this.findingAddress = false
      if (!found) this.addressNote = problem ?? t('location.addressNotFound')
      if (!this.addressTyped) this.address = found?.address ?? ''
      if (!this.nameTyped) this.name = found?.name ?? ''
      if (this.name.trim()) this.nameError = null
    })
  }

  /** Answers the place under the pin; false (and a message under the name) when it has no name. */
  confirm(): boolean {
    if (!this.centre) return false
    const name = this.name.trim()
    if (!name) {
      this.nameError = 'location.nameRequired'
      return false
    }
    // Without the device's position the pin proves nowhere she was: the place is kept as not measured.
    const unmeasured = this.positionUnavailable ? { measured: false } : {}
    this.answer({ name, address: this.address.trim(), ...this.centre, ...unmeasured })
    return true
  }

  /** Tells the caller: the place, or null when the user cancelled or left the page. */
  answer(place: Place | null) {
    if (this.answered) return
    this.answered = true
    clearTimeout(this.lookupTimer)
    Taro.eventCenter.trigger(LOCATION_CHOSEN_EVENT, place)
  }
}

export const placePickerStore = new PlacePickerStore()
