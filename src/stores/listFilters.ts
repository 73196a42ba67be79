import { makeAutoObservable } from 'mobx'

/** What every record list filters by: a day (YYYY-MM-DD, '' for every day) and a keyword. */
export interface DayAndKeyword {
  date: string
  keyword: string
}

/** A record list's filters; every change reloads the list (`onChange`). */
export class ListFilterState<F extends DayAndKeyword> {
  values: F
  private readonly onChange: () => void

  constructor(initial: F, onChange: () => void) {
    this.values = initial
    this.onChange = onChange
    makeAutoObservable<this, 'onChange'>(this, { onChange: false }, { autoBind: true })
  }

  set(change: Partial<F>) {
    this.values = { ...this.values, ...change }
    this.onChange()
  }

  /** A new keyword (the same one again changes nothing). */
  setKeyword(keyword: string) {
    if (this.values.keyword !== keyword) this.set({ keyword } as Partial<F>)
  }

  setDate(date: string) {
    this.set({ date } as Partial<F>)
  }
}
