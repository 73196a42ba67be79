import Taro from '@tarojs/taro'
import { RequestError } from '@/api/request'
import type { FormRecord, Page } from '@/api/types'
import { mergedPages } from '@/features/checkInNotice/stores/mergedPages'
import { familyFood } from '@yuezi/contract/forms/definitions/familyFood'
import { outApplyGeneral, specialCare } from '@yuezi/contract/forms/definitions/stock'
import { stockErrors } from '@yuezi/contract/forms/definitions/stockRules'
import { pediatricianRounds } from '@yuezi/contract/forms/definitions/pediatricianRounds'
import '@/features/forms/locales'
import { runInAction } from 'mobx'
import { sessionStore, workingDateStore } from '@/stores'
import { draftKey } from '@/features/forms/stores/draft'
import { openSession } from '@/features/forms/stores/openSession'
import { DRAFT_DELAY, FormSession } from '@/features/forms/stores/formSession'
import { PagedList } from '@/stores/pagedList'
import { proofOfLostReceipt } from '@yuezi/contract/forms/definitions/proofOfLostReceipt'
import { mockServer, requestCalls } from './taroMocks'

const customer = {
  id: 7,
  name: '李静',
  room: '805',
  delivery_date: '2026-11-10',
  children: [{ id: 70, name: '李宝', sex: 'female' as const, birth_date: '2026-11-10', birth_weight: 3200 }],
}
/** The staff member signed in (drafts are hers). */
const ACCOUNT = 1
const KEY = draftKey(ACCOUNT, '家属订餐登记表', 7) ?? ''

function signIn(id: number | null) {
  runInAction(() => {
    sessionStore.userInfo = id === null ? null : ({ id, account: `staff${id}`, name: `客服${id}` } as never)
  })
}

beforeEach(() => {
  Taro.clearStorageSync()
  signIn(ACCOUNT)
  workingDateStore.setToday('2026-11-22')
  jest.useRealTimers()
})

describe('form session', () => {
  it('holds the customer in customer fields and computes the rest from values and context', () => {
    const session = new FormSession(pediatricianRounds, customer)
    // The round's date starts on the working date; its doctor is the site's last round's, not the clerk.
    expect(session.values).toEqual({ customer_id: 7, round_date: '2026-11-22' })
    session.startFromLatest({ doctor_name: '陈医生', temperature: 37 })
    expect(session.values).toEqual({ customer_id: 7, round_date: '2026-11-22', doctor_name: '陈医生' })
    session.setValue('baby_id', 70)
    session.setValue('round_date', '2026-11-22')
    expect(session.data.age_days).toBe(12)
    expect(session.isNew).toBe(true)
  })

  it('sends known, filled, non-computed values only, rows cleaned row by row', () => {
    const session = new FormSession(pediatricianRounds, customer)
    session.setValue('temperature', 36.5)
    session.setValue('stool', '')
    session.addRow('medicines')
    session.setValue('medicines.0.medicine', '维生素D')
    session.setValue('medicines.0.note', '')
    expect(session.payload()).toEqual({
      round_date: '2026-11-22',
      customer_id: 7,
      temperature: 36.5,
      medicines: [{ medicine: '维生素D' }],
    })
    session.loadRecord({ id: 3, data: { temperature: 37, age_days: 99, retired_field: 'x' } } as unknown as FormRecord)
    expect(session.values).toEqual({ temperature: 37, customer_id: 7 })
  })

  it('writes the draft at most every DRAFT_DELAY ms while typing, and at once when asked', () => {
    jest.useFakeTimers()
    const set = jest.spyOn(Taro, 'setStorageSync')
    const session = new FormSession(familyFood, customer)
    session.setValue('breakfast', 1)
    session.setValue('lunch', 2)
    session.setValue('dinner', 3)
    expect(set).not.toHaveBeenCalled()
    jest.advanceTimersByTime(DRAFT_DELAY)
    expect(set).toHaveBeenCalledTimes(1)
    expect(Taro.getStorageSync(KEY)).toMatchObject({ values: { breakfast: 1, lunch: 2, dinner: 3 }, record_id: null })
    session.setValue('dinner', 4)
    session.dispose()
    expect(Taro.getStorageSync(KEY).values.dinner).toBe(4)
    expect(set).toHaveBeenCalledTimes(2)
    set.mockRestore()
  })

  it('keeps the request_id across failed saves and takes a new one after a success', async () => {
    const session = new FormSession(familyFood, customer)
    for (const [key, value] of Object.entries({
      meal_date: '2026-11-22',
      lunch_price: 20,
      lunch: 1,
      family_signature: '/uploads/s.png',
    })) {
      session.setValue(key, value)
    }
    const sent: { request_id: string; id?: number }[] = []
    const failing = async (body: { request_id: string }) => {
      sent.push(body)
      throw new RequestError('request:fail', 0)
    }
    expect(await session.save(failing)).toEqual({ status: 'failed', message: 'request:fail', code: 0 })
    expect(await session.save(failing)).toMatchObject({ status: 'failed' })
    expect(sent[0].request_id).toBe(sent[1].request_id)
    expect(Taro.getStorageSync(KEY).request_id).toBe(sent[0].request_id)

    const result = await session.save(async (body) => {
      sent.push(body)
      return { id: 41 }
    })
    expect(result).toEqual({ status: 'saved', id: 41 })
    expect(sent[2].request_id).toBe(sent[0].request_id)
    expect(session.requestId).not.toBe(sent[0].request_id)
    expect(Taro.getStorageSync(KEY)).toBe('')
    // Editing it from now on: its own draft key.
    expect(session.draftKey).toBe(draftKey(ACCOUNT, '家属订餐登记表', 7, 41))
  })

  it("puts the server's field errors next to their fields", async () => {
    const session = new FormSession(familyFood, customer)
    for (const [key, value] of Object.entries({
      meal_date: '2026-11-22',
      lunch: 1,
      lunch_price: 20,
      family_signature: '/uploads/s.png',
    })) {
      session.setValue(key, value)
    }
    const result = await session.save(async () => {
      throw new RequestError('单价超出本店标准', -1, { errors: [{ path: 'lunch_price', message: '单价超出本店标准' }] })
    })
    expect(result).toEqual({ status: 'refused', message: '单价超出本店标准', count: 1 })
    expect(session.errorText('lunch_price')).toBe('单价超出本店标准')
  })

  describe('the count told and the fields marked agree', () => {
    const batch = { id: 5, product_id: 3, batch_no: 'B-5', expiry_date: '2027-01-01', quantity: 20 }
    const order = () => {
      const session = new FormSession(outApplyGeneral, null)
      session.extraRules.push((data) =>
        stockErrors(data.items, (id) => (id === batch.id ? batch : undefined), '2026-11-22'),
      )
      for (const [key, value] of Object.entries({ department_id: 1, requester: '库管', apply_date: '2026-11-22' }))
        session.setValue(key, value)
      session.addRow('items')
      session.setValue('items.0.product_id', 3)
      session.setValue('items.0.batch_id', 5)
      return session
    }
    const never = async () => ({ id: 1 })

    it('a quantity over its maximum and over the stock is one field to fix, not two', async () => {
      const session = order()
      session.setValue('items.0.quantity', 999999)
      const result = await session.save(never)
      expect(result).toEqual({ status: 'invalid', count: 1, message: '物品明细第1行：数量不能大于9999' })
      expect(Object.keys(session.errors)).toEqual(['items.0.quantity'])
    })

    it('counts every marked field once, in the order of the form, the first one named', async () => {
      const session = order()
      session.setValue('items.0.quantity', 21)
      session.setValue('requester', '')
      const result = await session.save(never)
      // The stock rule's row comes after requester on the screen, though it is checked last.
      expect(Object.keys(session.errors)).toEqual(['requester', 'items.0.quantity'])
      expect(result).toEqual({ status: 'invalid', count: 2, message: '请输入领用人' })
    })

    it("the server's refusals: a whole row on its rows, a repeated field once, a field the form does not draw not counted", async () => {
      const session = order()
      session.setValue('items.0.quantity', 2)
      const errors = [
        { path: 'items.0.quantity', message: '物品明细第1行：数量超出库存' },
        { path: 'items.0.quantity', message: '物品明细第1行：数量不能大于9999' },
        { path: 'items.3', message: '物品明细第4行：物品明细格式不正确' },
        { path: 'department_id', message: '领用部门的选项无效' },
        { path: 'site_secret', message: '不认识的字段site_secret' },
      ]
      const result = await session.save(async () => {
        throw new RequestError(errors[0].message, -1, { errors })
      })
      expect(Object.keys(session.errors)).toEqual(['department_id', 'items', 'items.0.quantity'])
      expect(result).toEqual({ status: 'refused', count: 3, message: '领用部门的选项无效' })
    })

    it('a refusal of nothing the form draws still says why, and marks nothing', async () => {
      const session = order()
      session.setValue('items.0.quantity', 2)
      const result = await session.save(async () => {
        throw new RequestError('请选择客户', -1, { errors: [{ path: 'customer_id', message: '请选择客户' }] })
      })
      expect(result).toEqual({ status: 'refused', count: 0, message: '请选择客户' })
      expect(session.errors).toEqual({})
    })
  })

  it('自费物品消费表: a room that is not hers is marked beside it, and the order is still sent', async () => {
    const session = new FormSession(specialCare, customer)
    expect(session.values.room).toBe('805')
    expect(session.flagAt('room')).toBeUndefined()
    session.setValue('room', '901')
    expect(session.flagAt('room')).toEqual({ path: 'room', rule: 'otherRoom', value: '901', bound: '805' })
    for (const [key, value] of Object.entries({
      signature: '/uploads/s.png',
      items: [{ product_id: 3, batch_id: 5, quantity: 1, price: 12 }],
    }))
      session.setValue(key, value)
    const sent: object[] = []
    const result = await session.save(async (body) => {
      sent.push(body)
      return { id: 9 }
    })
    expect(result).toEqual({ status: 'saved', id: 9 })
    expect(sent).toMatchObject([{ data: { room: '901' } }])
  })

  describe('a message goes as soon as its field is valid', () => {
    const never = async () => ({ id: 1 })

    it('自费物品消费表: a row added clears 请选择物品明细, the item and batch chosen clear their marks', async () => {
      const session = new FormSession(specialCare, customer)
      session.setValue('room', '805')
      session.setValue('signature', '/uploads/s.png')
      expect(await session.save(never)).toEqual({ status: 'invalid', count: 1, message: '请选择物品明细' })
      session.addRow('items')
      expect(session.errors).toEqual({})
      await session.save(never)
      expect(Object.keys(session.errors)).toEqual([
        'items.0.product_id',
        'items.0.batch_id',
        'items.0.quantity',
        'items.0.price',
      ])
      session.setValue('items.0.product_id', 3)
      session.setValue('items.0.price', 1200)
      session.setValue('items.0.batch_id', 5)
      expect(Object.keys(session.errors)).toEqual(['items.0.quantity'])
      session.setValue('items.0.quantity', 0)
      expect(session.errorText('items.0.quantity')).toBe('数量不能小于1')
      session.setValue('items.0.quantity', 2)
      expect(session.errors).toEqual({})
    })

    it("a rule between fields: a quantity over the batch's stock is fine once a fuller batch is chosen", async () => {
      const batches = [
        { id: 5, product_id: 3, batch_no: 'B-5', expiry_date: '2027-01-01', quantity: 1 },
        { id: 6, product_id: 3, batch_no: 'B-6', expiry_date: '2027-01-01', quantity: 20 },
      ]
      const session = new FormSession(outApplyGeneral, null)
      session.extraRules.push((data) =>
        stockErrors(data.items, (id) => batches.find((batch) => batch.id === id), '2026-11-22'),
      )
      for (const [key, value] of Object.entries({ department_id: 1, requester: '库管', apply_date: '2026-11-22' }))
        session.setValue(key, value)
      session.addRow('items')
      for (const [key, value] of Object.entries({ product_id: 3, batch_id: 5, quantity: 2 }))
        session.setValue(`items.0.${key}`, value)
      await session.save(never)
      expect(Object.keys(session.errors)).toEqual(['items.0.quantity'])
      session.setValue('items.0.batch_id', 6)
      expect(session.errors).toEqual({})
    })

    it("nothing new is marked while typing, and the server's words stay until their own field changes", async () => {
      const session = new FormSession(familyFood, customer)
      for (const [key, value] of Object.entries({ lunch: 1, lunch_price: 20, family_signature: '/uploads/s.png' }))
        session.setValue(key, value)
      await session.save(async () => {
        throw new RequestError('单价超出本店标准', -1, {
          errors: [{ path: 'lunch_price', message: '单价超出本店标准' }],
        })
      })
      session.setValue('breakfast', 1)
      expect(session.errors).toEqual({ lunch_price: '单价超出本店标准' })
      session.setValue('lunch_price', 18)
      expect(session.errors).toEqual({})
    })
  })

  it('a draft restores over a loaded record and keeps its request_id', () => {
    Taro.setStorageSync(draftKey(ACCOUNT, '月子入住通知单', 7, 31) ?? '', {
      values: { package: '尊享' },
      request_id: 'r-9',
      record_id: 31,
      saved_at: '',
    })
    const definition = { ...familyFood, name: '月子入住通知单', onePerCustomer: true }
    const session = new FormSession(definition, customer)
    session.loadRecord({ id: 31, data: { lunch_price: 30 } } as unknown as FormRecord)
    expect(session.restoreDraft()).toBe(true)
    expect(session.recordId).toBe(31)
    expect(session.requestId).toBe('r-9')
    expect(session.restored).toBe(true)
  })
})

describe('drafts belong to the account', () => {
  it("one account's draft is not restored for the next signed in on the phone, and is for her again", () => {
    const typed = new FormSession(familyFood, customer)
    typed.setValue('breakfast', 2)
    typed.dispose()
    signIn(2)
    const other = new FormSession(familyFood, customer)
    expect(other.restoreDraft()).toBe(false)
    expect(other.values.breakfast).toBeUndefined()
    other.setValue('lunch', 1)
    other.dispose()
    signIn(ACCOUNT)
    const again = new FormSession(familyFood, customer)
    expect(again.restoreDraft()).toBe(true)
    expect(again.values).toMatchObject({ breakfast: 2 })
    expect(again.values.lunch).toBeUndefined()
  })

  it('a draft kept before drafts had an account is shown to no one: opening a form drops it', async () => {
    const old = { values: { breakfast: 3 }, request_id: 'r-old', record_id: null, saved_at: '' }
    Taro.setStorageSync('draft:家属订餐登记表:0', old)
    Taro.setStorageSync('draft:家属订餐登记表:0:41', old)
    const session = await openSession(familyFood)
    expect(session.restored).toBe(false)
    expect(Taro.getStorageInfoSync().keys.filter((key) => key.startsWith('draft:'))).toEqual([])
  })

  it('with no one signed in nothing is kept', () => {
    signIn(null)
    const session = new FormSession(familyFood, customer)
    session.setValue('breakfast', 2)
    session.dispose()
    expect(Taro.getStorageInfoSync().keys.filter((key) => key.startsWith('draft:'))).toEqual([])
  })
})

describe("a restored draft's photos and signatures", () => {
  const expired = (name: string) => `https://care.example/uploads/${name}?link=old.mac`
  const draft = {
    values: { customer_signature: expired('s.png'), id_card_photos: [expired('a.jpg'), expired('s.png')] },
    request_id: 'r-1',
    record_id: null,
    saved_at: '',
  }
  const key = draftKey(ACCOUNT, proofOfLostReceipt.name, 0) ?? ''
  afterEach(() => jest.restoreAllMocks())

  it('are shown through fresh links, each value asked for once', async () => {
    Taro.setStorageSync(key, draft)
    mockServer({
      '/api/admin/oss/links': ({ urls }: { urls: string[] }) => ({
        err: 0,
        message: 'ok',
        data: { urls: urls.map((url) => url.replace('old.mac', 'new.mac')) },
      }),
    })
    const session = await openSession(proofOfLostReceipt, { fresh: true })
    expect(session.restored).toBe(true)
    expect(session.values).toMatchObject({
      customer_signature: 'https://care.example/uploads/s.png?link=new.mac',
      id_card_photos: [
        'https://care.example/uploads/a.jpg?link=new.mac',
        'https://care.example/uploads/s.png?link=new.mac',
      ],
    })
    expect(requestCalls().map((call) => (call.data as { urls: string[] }).urls)).toEqual([
      [expired('a.jpg'), expired('s.png')],
    ])
  })

  it('stay as the draft kept them when the server cannot be reached', async () => {
    Taro.setStorageSync(key, draft)
    jest.spyOn(Taro, 'request').mockRejectedValue({ errMsg: 'request:fail' })
    const session = await openSession(proofOfLostReceipt, { fresh: true })
    expect(session.values).toMatchObject(draft.values)
  })
})

describe('merged pages', () => {
  const records = (name: string, minutes: number[], firstId: number) =>
    minutes.map(
      (m, i) =>
        ({ id: firstId + i, name, created_at: `2026-11-22T02:${String(m).padStart(2, '0')}:00.000Z` }) as FormRecord,
    )
  const source = (list: FormRecord[], fail = { on: 0 }) => {
    const calls: number[] = []
    const fetch = async (page: number, limit: number): Promise<Page<FormRecord>> => {
      calls.push(page)
      if (fail.on === page) throw new Error('down')
      return { list: list.slice((page - 1) * limit, page * limit), total: list.length }
    }
    return Object.assign(fetch, { calls })
  }

  it('merges newest first across sources, page after page, reading each source only as far as needed', async () => {
    const a = source(records('a', [50, 40, 30, 20, 10], 1))
    const b = source(records('b', [45, 5], 11))
    const pages = mergedPages([a, b])
    const first = await pages(1, 3)
    expect(first.list.map((r) => r.id)).toEqual([1, 11, 2])
    expect(first.total).toBe(7)
    const second = await pages(2, 3)
    expect(second.list.map((r) => r.id)).toEqual([3, 4, 5])
    const third = await pages(3, 3)
    expect(third.list.map((r) => r.id)).toEqual([12])
    expect(a.calls).toEqual([1, 2])
    expect(b.calls).toEqual([1])
  })

  it('a failed page gives the same rows when retried', async () => {
    const fail = { on: 2 }
    const a = source(records('a', [50, 40, 30, 20], 1), fail)
    const b = source(records('b', [45], 11))
    const pages = mergedPages([a, b])
    expect((await pages(1, 2)).list.map((r) => r.id)).toEqual([1, 11])
    await expect(pages(2, 2)).rejects.toThrow('down')
    fail.on = 0
    expect((await pages(2, 2)).list.map((r) => r.id)).toEqual([2, 3])
  })
})

describe('paged list', () => {
  it('loads pages, knows when it is finished, drops a reply overtaken by a reload', async () => {
    const replies: Record<string, (page: Page<number>) => void> = {}
    let filter = 'a'
    const list = new PagedList<number>((page) => new Promise((resolve) => (replies[`${filter}${page}`] = resolve)), 2)
    const first = list.reload()
    filter = 'b'
    const second = list.reload()
    replies.b1({ list: [1, 2], total: 3 })
    await second
    replies.a1({ list: [9, 9], total: 2 })
    await first
    expect(list.items).toEqual([1, 2])
    expect(list.finished).toBe(false)
    const more = list.loadMore()
    replies.b2({ list: [3], total: 3 })
    await more
    expect(list.items).toEqual([1, 2, 3])
    expect(list.finished).toBe(true)
    list.remove((n) => n === 2)
    expect(list.total).toBe(2)
  })
})
