import { makeAutoObservable, runInAction } from 'mobx'
import Taro from '@tarojs/taro'
import { DEFAULT_MAP_CENTRE } from '@/config'
import { LOCATION_CHOSEN_EVENT, type Coordinates, type Place } from '@/utils/location'
import { devicePosition } from '../devicePosition'

/** Six decimals: about 10 cm, as precise as a map drag means anything. */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6

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
  /** The caller has had its answer (a place or a cancel); it gets only one. */
  answered = false

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  /** Starts a pick: on the device's position, else on `near` (the site's), else on the default centre. */
  async open(near: Coordinates | null) {
    this.centre = null
    this.positionUnavailable = false
    this.name = ''
    this.address = ''
    this.nameError = null
    this.answered = false
    const position = await devicePosition()
    runInAction(() => {
      this.positionUnavailable = !position
      const start = position ?? near ?? DEFAULT_MAP_CENTRE
      this.centre = { latitude: rounded(start.latitude), longitude: rounded(start.longitude) }
    })
  }

  /** The map was dragged: the pin, fixed in the middle, now points here. */
  moveTo({ latitude, longitude }: Coordinates) {
    this.centre = { latitude: rounded(latitude), longitude: rounded(longitude) }
  }

  setName(name: string) {
    this.name = name
    if (name.trim()) this.nameError = null
  }

  setAddress(address: string) {
    this.address = address
  }

  /** Answers the place under the pin; false (and a message under the name) when it has no name. */
  confirm(): boolean {
    if (!this.centre) return false
    const name = this.name.trim()
    if (!name) {
      this.nameError = 'location.nameRequired'
      return false
    }
    this.answer({ name, address: this.address.trim(), ...this.centre })
    return true
  }

  /** Tells the caller: the place, or null when the user cancelled or left the page. */
  answer(place: Place | null) {
    if (this.answered) return
    this.answered = true
    Taro.eventCenter.trigger(LOCATION_CHOSEN_EVENT, place)
  }
}

export const placePickerStore = new PlacePickerStore()
