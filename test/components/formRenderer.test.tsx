import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import FormRenderer from '@/features/forms/components/FormRenderer'
import { familyFood } from '@yuezi/contract/forms/definitions/familyFood'
import { options } from '@yuezi/contract/forms/definitions/options'
import { pediatricianRounds } from '@yuezi/contract/forms/definitions/pediatricianRounds'
import '@/features/forms/locales'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { fieldsOf } from '@yuezi/contract/forms/validate'
import { setLocale } from '@/i18n'
import { workingDateStore } from '@/stores'
import { formOptionsStore } from '@/features/forms/stores/formOptions'
import { FormSession, type SessionCustomer } from '@/features/forms/stores/formSession'
import {
  blurField,
  callsTo,
  click,
  field,
  mockApi,
  mockUpload,
  quietUi,
  resetApp,
  settle,
  typeInto,
} from './support/helpers'

const customerOfTwins: SessionCustomer = {
  id: 7,
  name: '李静',
  room: 'A305',
  delivery_date: '2026-11-10',
  children: [
    { id: 70, name: '李宝', sex: 'female', birth_date: '2026-11-10', birth_weight: 3200 },
    { id: 71, name: '李贝', sex: 'male', birth_date: '2026-11-12', birth_weight: 3000 },
  ],
}
/** The same mother with one baby: her round is drawn as it always was. */
const oneBaby: SessionCustomer = { ...customerOfTwins, children: [customerOfTwins.children[0]] }

/** One section holding the given fields. */
const formOf = (...fields: FormDefinition['sections'][number]['fields']): FormDefinition => ({
  name: '测试表',
  titleKey: 'form.title.visit',
  route: '/pagesHome/pages/test',
  sections: [{ titleKey: 'form.section.basic', fields }],
})

function show(definition: FormDefinition, customer: SessionCustomer | null = customerOfTwins) {
  const session = new FormSession(definition, customer)
  const view = render(<FormRenderer definition={definition} session={session} />)
  return { session, ...view }
}

/** The frame of the field at `path` (label, control, message). */
const frame = (container: HTMLElement, path: string) => {
  const element = container.querySelector(`#form-field-${path.replace(/\./g, '-')}`)
  if (!element) throw new Error(`no field ${path}`)
  return element as HTMLElement
}
const messageOf = (container: HTMLElement, path: string) =>
  frame(container, path).querySelector('[role="alert"]')?.textContent ?? null

const submit = (session: FormSession) => act(() => void session.validate())

beforeEach(() => {
  resetApp()
  quietUi()
  workingDateStore.setToday('2026-11-22')
  formOptionsStore.reset()
  jest.useRealTimers()
})

describe('form renderer', () => {
  it('draws every section and field of a definition with labels, required marks and units', () => {
    const { container } = show(pediatricianRounds)
    // Her twins: the examination of her first baby is titled by her name.
    for (const title of ['基本信息', '宝宝 1：李宝', '用药', '签字']) expect(screen.getByText(title)).toBeTruthy()
    const temperature = frame(container, 'temperature')
    expect(within(temperature).getByText('体温')).toBeTruthy()
    expect(temperature.querySelector('.form-field__required')?.textContent).toBe('*')
    expect(within(temperature).getByText('°C')).toBeTruthy()
    expect(frame(container, 'stool').querySelector('.form-field__required')).toBeNull()
  })

  it('text: typing sets the value; the message shows on blur and goes once fixed', () => {
    const { session, container } = show(formOf({ key: 'visitor_name', type: 'text', required: true, maxLength: 5 }))
    blurField(field(container, 'visitor_name'))
    expect(messageOf(container, 'visitor_name')).toBe('请输入访客姓名')
    typeInto(field(container, 'visitor_name'), '张三')
    expect(session.values.visitor_name).toBe('张三')
    expect(messageOf(container, 'visitor_name')).toBeNull()
    typeInto(field(container, 'visitor_name'), '')
    expect(session.values).not.toHaveProperty('visitor_name')
  })

  it('textarea: typing sets the value; too long shows its message on blur', () => {
    const { session, container } = show(formOf({ key: 'advice', type: 'textarea', maxLength: 200 }))
    const textarea = container.querySelector('[name="advice"]')!
    typeInto(textarea, '宝宝状态良好')
    expect(session.values.advice).toBe('宝宝状态良好')
    act(() => void session.setValue('advice', 'x'.repeat(201)))
    blurField(textarea)
    expect(messageOf(container, 'advice')).toBe('查房所见及建议最多200个字')
  })

  it('number: stores a number, checks range and decimals on blur', () => {
    const { session, container } = show(
      formOf({
        key: 'temperature',
        type: 'number',
        required: true,
        min: 34,
        max: 42,
        decimals: 1,
        unitKey: 'form.unit.celsius',
      }),
    )
    const input = field(container, 'temperature')
    typeInto(input, '36.')
    expect(session.values.temperature).toBe(36)
    typeInto(input, '36.5')
    expect(session.values.temperature).toBe(36.5)
    typeInto(input, '43')
    blurField(input)
    expect(messageOf(container, 'temperature')).toBe('体温不能大于42°C')
    typeInto(input, '36.55')
    expect(messageOf(container, 'temperature')).toBe('体温最多保留1位小数')
    typeInto(input, '36.6')
    expect(messageOf(container, 'temperature')).toBeNull()
  })

  it('money: shows ¥, keeps two decimals and refuses more', () => {
    const { session, container } = show(formOf({ key: 'lunch_price', type: 'money', required: true }))
    expect(within(frame(container, 'lunch_price')).getByText('¥')).toBeTruthy()
    const input = field(container, 'lunch_price')
    typeInto(input, '25.5')
    blurField(input)
    expect(session.values.lunch_price).toBe(25.5)
    expect(input.getAttribute('value')).toBe('25.50')
    typeInto(input, '25.555')
    blurField(input)
    expect(messageOf(container, 'lunch_price')).toBe('午餐单价最多保留2位小数')
  })

  it('date: the picker confirms a date (the working date first); today is one tap', async () => {
    const { session, container } = show(formOf({ key: 'round_date', type: 'date', required: true }))
    click(within(frame(container, 'round_date')).getByText('请选择'))
    click(document.querySelector('.nut-picker-confirm-btn')!)
    expect(session.values.round_date).toBe('2026-11-22')
    act(() => void session.setValue('round_date', undefined))
    act(() => workingDateStore.setToday('2026-11-20'))
    click(within(frame(container, 'round_date')).getByText('今天'))
    expect(session.values.round_date).toBe('2026-11-20')
    expect(within(frame(container, 'round_date')).getByText('2026-11-20')).toBeTruthy()
  })

  it('datetime: now is one tap, in YYYY-MM-DD HH:mm', () => {
    const { session, container } = show(formOf({ key: 'time_in', type: 'datetime', required: true }))
    click(within(frame(container, 'time_in')).getByText('现在'))
    expect(session.values.time_in).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(messageOf(container, 'time_in')).toBeNull()
  })

  it('select: static options are one-tap buttons', () => {
    const { session, container } = show(
      formOf({ key: 'relation', type: 'select', required: true, options: options('relation', ['husband', 'parent']) }),
    )
    submit(session)
    expect(messageOf(container, 'relation')).toBe('请选择与客户关系')
    click(screen.getByText('父母'))
    expect(session.values.relation).toBe('parent')
    expect(messageOf(container, 'relation')).toBeNull()
  })

  const free = { customer_id: null, name: null, status: null, check_in_date: null }
  const floors = [
    {
      floor: 8,
      rooms: [
        { room: '801', ...free },
        { room: '802', customer_id: 99, name: '王芳', status: 'in_house', check_in_date: '2026-11-20' },
        { room: '803', customer_id: 98, name: '赵敏', status: 'arriving', check_in_date: '2026-12-08' },
      ],
    },
    {
      floor: 9,
      rooms: [{ room: '901', customer_id: 7, name: '本人', status: 'in_house', check_in_date: '2026-11-25' }],
    },
  ]

  it("select from a server list: rooms by floor from floorList, another mother's room named and not offered", async () => {
    const api = mockApi({ '/api/care/index/floorList': () => ({ code: 1, res: floors }) })
    const { session, container } = show(
      formOf({ key: 'room', type: 'select', required: true, optionsSource: 'floorList', booksRoom: true }),
    )
    await settle()
    expect(callsTo(api, '/api/care/index/floorList')).toHaveLength(1)
    click(within(frame(container, 'room')).getByText('请选择'))
    expect(screen.getByText('8 楼')).toBeTruthy()
    expect(screen.getByText('9 楼')).toBeTruthy()
    // 802 is taken and 803 booked by other mothers: each says whose, and neither is chosen on a tap.
    expect(screen.getByText('王芳 已入住')).toBeTruthy()
    expect(screen.getByText('已预订 · 12-08 赵敏')).toBeTruthy()
    for (const room of ['802', '803']) {
      const tile = screen.getByText(room).closest('.form-choice-popup__tile')!
      expect(tile.getAttribute('aria-disabled')).toBe('true')
      click(screen.getByText(room))
      expect(session.values.room).toBeUndefined()
    }
    // 901 is this customer's own room.
    click(screen.getByText('901'))
    expect(session.values.room).toBe('901')
    click(within(frame(container, 'room')).getByText('901'))
    click(screen.getByText('801'))
    expect(session.values.room).toBe('801')
    expect(within(frame(container, 'room')).getByText('801')).toBeTruthy()
  })

  it("a room that books nothing (a self-paid order's) may be another mother's, and says whose", async () => {
    mockApi({ '/api/care/index/floorList': () => ({ code: 1, res: floors }) })
    const { session, container } = show(
      formOf({ key: 'room', type: 'select', required: true, optionsSource: 'floorList' }),
    )
    await settle()
    click(within(frame(container, 'room')).getByText('请选择'))
    expect(screen.getByText('王芳 已入住')).toBeTruthy()
    click(screen.getByText('802'))
    expect(session.values.room).toBe('802')
  })

  it('a long room list is searched by room number, and its search box says so', async () => {
    const rooms = Array.from({ length: 15 }, (_, i) => ({ room: String(801 + i), customer_id: null }))
    mockApi({ '/api/care/index/floorList': () => ({ code: 1, res: [{ floor: 8, rooms }] }) })
    const { container } = show(formOf({ key: 'room', type: 'select', required: true, optionsSource: 'floorList' }))
    await settle()
    click(within(frame(container, 'room')).getByText('请选择'))
    const search = document.querySelector('.nut-input-native[name="room-search"]')!
    expect(search.getAttribute('placeholder')).toBe('搜索房间号')
    typeInto(search, '812')
    expect(screen.getByText('812')).toBeTruthy()
    expect(screen.queryByText('811')).toBeNull()
  })

  it('a server list that fails offers a retry', async () => {
    let fail = true
    mockApi({
      '/api/care/index/departmentList': () =>
        fail ? { code: -500, msg: '服务器内部错误' } : { code: 1, res: [{ id: 3, name: '护理部' }] },
    })
    const { container } = show(formOf({ key: 'departments', type: 'multiselect', optionsSource: 'departmentList' }))
    await settle()
    expect(within(frame(container, 'departments')).getByText('选项加载失败')).toBeTruthy()
    fail = false
    click(within(frame(container, 'departments')).getByText('重试'))
    await settle()
    expect(within(frame(container, 'departments')).getByText('护理部')).toBeTruthy()
  })

  it('multiselect: static options and a server list (departments keep their numeric ids)', async () => {
    mockApi({
      '/api/care/index/departmentList': () => ({
        code: 1,
        res: [
          { id: 3, name: '护理部' },
          { id: 4, name: '餐饮部' },
        ],
      }),
    })
    const { session } = show(
      formOf(
        { key: 'health', type: 'multiselect', required: true, options: options('health', ['noFever', 'noCough']) },
        { key: 'departments', type: 'multiselect', optionsSource: 'departmentList' },
      ),
    )
    await settle()
    click(screen.getByText('无发热'))
    click(screen.getByText('无咳嗽'))
    expect(session.values.health).toEqual(['noFever', 'noCough'])
    click(screen.getByText('无发热'))
    expect(session.values.health).toEqual(['noCough'])
    click(screen.getByText('餐饮部'))
    click(screen.getByText('护理部'))
    expect(session.values.departments).toEqual([3, 4])
  })

  it("customer: shows the form's customer, read-only, and holds its id", () => {
    const { session, container } = show(formOf({ key: 'customer_id', type: 'customer', required: true }))
    expect(within(frame(container, 'customer_id')).getByText('李静')).toBeTruthy()
    expect(within(frame(container, 'customer_id')).getByText('A305 房')).toBeTruthy()
    expect(session.values.customer_id).toBe(7)
    expect(frame(container, 'customer_id').querySelector('input')).toBeNull()
  })

  it("baby: chooses among the customer's babies (childrenData)", () => {
    const { session, container } = show(formOf({ key: 'baby_id', type: 'baby', required: true }))
    click(within(frame(container, 'baby_id')).getByText('李贝'))
    expect(session.values.baby_id).toBe(71)
    const none = show(formOf({ key: 'baby_id', type: 'baby', required: true }), { ...customerOfTwins, children: [] })
    expect(within(frame(none.container, 'baby_id')).getByText('该客户暂无宝宝信息')).toBeTruthy()
  })

  it('phone and ID card: checked on blur (mobile format, ID check digit); x becomes X', () => {
    const { session, container } = show(
      formOf({ key: 'phone', type: 'phone', required: true }, { key: 'id_card', type: 'idCard' }),
    )
    typeInto(field(container, 'phone'), '12812345678')
    blurField(field(container, 'phone'))
    expect(messageOf(container, 'phone')).toBe('手机号格式不正确')
    typeInto(field(container, 'phone'), '13812345678')
    expect(messageOf(container, 'phone')).toBeNull()
    typeInto(field(container, 'id_card'), '110105194912310021')
    blurField(field(container, 'id_card'))
    expect(messageOf(container, 'id_card')).toBe('身份证号校验位不正确')
    typeInto(field(container, 'id_card'), '11010519491231002x')
    expect(session.values.id_card).toBe('11010519491231002X')
    expect(messageOf(container, 'id_card')).toBeNull()
  })

  it("a twins' round: a section for each of her babies, named, aged and checked on its own", () => {
    const { session, container, unmount } = show(pediatricianRounds)
    expect(session.values.baby_id).toBe(70)
    expect(session.values.babies).toEqual([{ baby_id: 71 }])
    expect(screen.getByText('宝宝 2：李贝')).toBeTruthy()
    expect(frame(container, 'babies.0.age_days').querySelector('.form-computed')?.textContent).toBe('10')
    expect(within(frame(container, 'babies.0.temperature')).getByText('体温')).toBeTruthy()
    expect(container.querySelector('#form-field-babies-0-baby_id')).toBeNull()
    typeInto(field(container, 'temperature'), '36.6')
    submit(session)
    expect(messageOf(container, 'temperature')).toBeNull()
    expect(messageOf(container, 'babies.0.temperature')).toBe('请输入体温')
    typeInto(field(container, 'babies.0.temperature'), '43')
    blurField(field(container, 'babies.0.temperature'))
    expect(messageOf(container, 'babies.0.temperature')).toBe('体温不能大于42°C')
    // Her first baby's section is titled by her name, as her twin's is.
    expect(screen.getByText('宝宝 1：李宝')).toBeTruthy()
    expect(screen.queryByText('查房记录')).toBeNull()
    act(() => setLocale('en'))
    expect(screen.getByText('Baby 1: 李宝')).toBeTruthy()
    expect(screen.getByText('Baby 2: 李贝')).toBeTruthy()
    act(() => setLocale('zh-CN'))
    unmount()

    // A mother of one baby sees the round as it always was: no section of another baby.
    const single = show(pediatricianRounds, oneBaby)
    expect(single.session.values.baby_id).toBeUndefined()
    expect(single.session.values.babies).toBeUndefined()
    expect(screen.queryByText(/宝宝 2/)).toBeNull()
    expect(screen.queryByText(/宝宝 1/)).toBeNull()
    expect(screen.getByText('查房记录')).toBeTruthy()
    expect(single.container.querySelector('#form-field-babies-0-temperature')).toBeNull()
  })

  it("a twins' round refused: its message names the baby whose value it is, not a row", async () => {
    // The round with only a temperature to examine: nothing else can be refused.
    const temperature = fieldsOf(pediatricianRounds).find((f) => f.key === 'temperature')!
    const twinsRound: FormDefinition = {
      ...formOf(),
      sections: [
        {
          titleKey: 'form.section.basic',
          fields: [{ key: 'baby_id', type: 'baby', required: true, initial: 'customer.firstTwin' }],
        },
        { titleKey: 'form.section.examination', babyField: 'baby_id', fields: [temperature] },
        {
          titleKey: 'form.section.babies',
          fields: [
            {
              key: 'babies',
              type: 'rows',
              perBaby: true,
              initial: 'customer.otherBabies',
              rows: [{ key: 'baby_id', type: 'baby', required: true }, temperature],
            },
          ],
        },
      ],
    }
    const { session, container } = show(twinsRound)
    const refusal = async () => {
      let result: Awaited<ReturnType<FormSession['save']>> | undefined
      await act(async () => void (result = await session.save(jest.fn())))
      return result?.status === 'invalid' ? result.message : result?.status
    }
    typeInto(field(container, 'temperature'), '36.6')
    typeInto(field(container, 'babies.0.temperature'), '43')
    expect(await refusal()).toBe('李贝：体温不能大于42°C')
    typeInto(field(container, 'babies.0.temperature'), '36.8')
    typeInto(field(container, 'temperature'), '30')
    expect(await refusal()).toBe('李宝：体温不能小于34°C')
  })

  it('computed: recomputed live from the values and the customer (age in days, amount)', () => {
    const rounds = show(pediatricianRounds)
    const ageDays = () => frame(rounds.container, 'age_days').querySelector('.form-computed')?.textContent
    // A mother of twins has her first baby chosen from the start.
    expect(ageDays()).toBe('12')
    act(() => void rounds.session.setValue('round_date', '2026-11-23'))
    expect(ageDays()).toBe('13')
    click(within(frame(rounds.container, 'baby_id')).getByText('李贝'))
    expect(ageDays()).toBe('11')
    rounds.unmount()

    const food = show(familyFood)
    const amount = () => frame(food.container, 'amount').querySelector('.form-computed')?.textContent
    typeInto(field(food.container, 'breakfast_price'), '25.5')
    typeInto(field(food.container, 'breakfast'), '2')
    expect(amount()).toBe('51')
    // Each meal at its own price.
    typeInto(field(food.container, 'dinner'), '1')
    typeInto(field(food.container, 'dinner_price'), '40')
    expect(amount()).toBe('91')
    expect(within(frame(food.container, 'amount')).getByText('元')).toBeTruthy()
  })

  it("marks a meal's price required once that meal is ordered, and only then", () => {
    const food = show(familyFood)
    const mark = (key: string) => frame(food.container, key).querySelector('.form-field__required')
    expect(frame(food.container, 'lunch_price').textContent).toContain('午餐单价')
    expect(mark('lunch_price')).toBeNull()
    typeInto(field(food.container, 'lunch'), '2')
    expect(mark('lunch_price')?.textContent).toBe('*')
    expect(mark('dinner_price')).toBeNull()
    typeInto(field(food.container, 'lunch'), '0')
    expect(mark('lunch_price')).toBeNull()
  })

  it('rows: add and remove rows; each row field is checked, with its message in the row', async () => {
    const modal = jest
      .spyOn(Taro, 'showModal')
      .mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    const { session, container } = show(pediatricianRounds, oneBaby)
    const medicines = frame(container, 'medicines')
    expect(within(medicines).getByText('暂无用药记录')).toBeTruthy()
    click(within(medicines).getByText('添加用药'))
    click(within(medicines).getByText('添加用药'))
    expect(within(medicines).getByText('用药 2')).toBeTruthy()

    typeInto(field(container, 'medicines.0.medicine'), '维生素D')
    typeInto(field(container, 'medicines.1.medicine'), '益生菌')
    typeInto(field(container, 'medicines.1.dose'), '1袋')
    blurField(field(container, 'medicines.0.dose'))
    expect(messageOf(container, 'medicines.0.dose')).toBe('请输入剂量')
    submit(session)
    expect(messageOf(container, 'medicines.0.dose')).toBe('请输入剂量')
    expect(messageOf(container, 'medicines.1.dose')).toBeNull()

    // Removing the first row (it has values: confirmed) moves the second one up.
    click(within(frame(container, 'medicines')).getAllByText('删除')[0])
    await settle()
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '确定删除用药 1吗？' }))
    expect(session.values.medicines).toEqual([{ medicine: '益生菌', dose: '1袋' }])
    expect(field(container, 'medicines.0.medicine').getAttribute('value')).toBe('益生菌')
    expect(container.querySelector('[name="medicines.1.medicine"]')).toBeNull()
    expect(messageOf(container, 'medicines.0.dose')).toBeNull()
  })

  it('removing a baby asks about her by name when one is typed, else as her row is titled', async () => {
    const modal = jest
      .spyOn(Taro, 'showModal')
      .mockResolvedValue({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    const { session, container } = show(
      formOf({
        key: 'babies',
        type: 'rows',
        rows: [
          { key: 'name', type: 'text', labelKey: 'form.field.baby_name' },
          { key: 'birth_weight', type: 'number' },
        ],
      }),
    )
    click(screen.getByText('添加宝宝'))
    click(screen.getByText('添加宝宝'))
    typeInto(field(container, 'babies.0.name'), '李宝')
    typeInto(field(container, 'babies.1.birth_weight'), '3000')
    const removeButtons = () => within(frame(container, 'babies')).getAllByText('删除')
    click(removeButtons()[1])
    await settle()
    expect(modal).toHaveBeenLastCalledWith(expect.objectContaining({ content: '确定删除宝宝 2吗？' }))
    click(removeButtons()[0])
    await settle()
    expect(modal).toHaveBeenLastCalledWith(expect.objectContaining({ content: '确定删除宝宝 1（李宝）吗？' }))
    // Not confirmed: both stay.
    expect(session.values.babies).toHaveLength(2)
  })

  it('rows: no more rows than maxItems', () => {
    const { container } = show(
      formOf({ key: 'medicines', type: 'rows', maxItems: 1, rows: [{ key: 'dose', type: 'text' }] }),
    )
    click(screen.getByText('添加用药'))
    expect(container.querySelector('[name="medicines.0.dose"]')).toBeTruthy()
    expect(screen.queryByText('添加用药')).toBeNull()
  })

  it('images: chosen photos upload with their names and are shown; other types are refused', async () => {
    const { session, container } = show(formOf({ key: 'photos', labelKey: 'form.field.note', type: 'images' }))
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue({
      tempFilePaths: ['blob:1', 'blob:2', 'blob:3'],
      tempFiles: [
        { path: 'blob:1', size: 1, originalFileObj: { name: 'a.jpg' } },
        { path: 'blob:2', size: 1, originalFileObj: { name: 'notes.txt' } },
        { path: 'blob:3', size: 1, originalFileObj: { name: 'b.PNG' } },
      ],
      errMsg: 'chooseImage:ok',
    } as never)
    const upload = mockUpload(['/uploads/a.jpg', '/uploads/b.png'])
    click(container.querySelector('.form-images__add')!)
    await waitFor(() => expect(session.values.photos).toEqual(['/uploads/a.jpg', '/uploads/b.png']))
    expect(upload.mock.calls.map(([options]) => (options as { fileName?: string }).fileName)).toEqual([
      'a.jpg',
      'b.PNG',
    ])
    expect(Taro.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: '仅支持 png、jpg、jpeg、bmp、gif 格式的图片' }),
    )
    expect(container.querySelectorAll('.form-images__image')).toHaveLength(2)
    expect(within(frame(container, 'photos')).getByText('2/52')).toBeTruthy()

    click(container.querySelectorAll('.form-images__remove')[0])
    expect(session.values.photos).toEqual(['/uploads/b.png'])
  })

  it('images: at most 52 (or maxItems); the rest of a choice is left out', async () => {
    const full = show(formOf({ key: 'photos', labelKey: 'form.field.note', type: 'images' }))
    act(
      () =>
        void full.session.setValue(
          'photos',
          Array.from({ length: 52 }, (_, i) => `/uploads/${i}.png`),
        ),
    )
    expect(full.container.querySelector('.form-images__add')).toBeNull()
    full.unmount()

    const { session, container } = show(
      formOf({ key: 'photos', labelKey: 'form.field.note', type: 'images', maxItems: 2 }),
    )
    const choose = jest.spyOn(Taro, 'chooseImage').mockResolvedValue({
      tempFilePaths: ['wxfile://a.png', 'wxfile://b.png', 'wxfile://c.png'],
      tempFiles: ['a', 'b', 'c'].map((n) => ({ path: `wxfile://${n}.png`, size: 1 })),
      errMsg: 'chooseImage:ok',
    } as never)
    mockUpload(['/uploads/a.png', '/uploads/b.png', '/uploads/c.png'])
    click(container.querySelector('.form-images__add')!)
    await waitFor(() => expect(session.values.photos).toEqual(['/uploads/a.png', '/uploads/b.png']))
    expect(choose).toHaveBeenCalledWith(expect.objectContaining({ count: 2 }))
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '最多上传 2 张图片' }))
    expect(container.querySelector('.form-images__add')).toBeNull()
  })

  it('signature: its URL is shown as an image; signing uploads the drawing as a PNG', async () => {
    const { session, container } = show(formOf({ key: 'customer_signature', type: 'signature', required: true }))
    submit(session)
    expect(messageOf(container, 'customer_signature')).toBe('请客户签字')

    // jsdom draws nothing: a canvas that records strokes and hands out a PNG blob.
    const strokes: string[] = []
    const ctx = new Proxy(
      {},
      {
        get: (_t, name) => (typeof name === 'string' ? (...args: unknown[]) => strokes.push(name) && args : undefined),
      },
    )
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never)
    jest
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((callback) => callback(new Blob(['png'], { type: 'image/png' })))
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:signature'), revokeObjectURL: jest.fn() })
    // An empty pad is not a signature.
    click(within(frame(container, 'customer_signature')).getByText('点击此处签名'))
    click(screen.getByText('确定'))
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '请先签名' }))

    const upload = mockUpload(['http://127.0.0.1:3200/uploads/sig.png'])
    const canvas = document.querySelector('.signature-pad__canvas')!
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10 })
    fireEvent.pointerMove(canvas, { clientX: 40, clientY: 30 })
    fireEvent.pointerUp(canvas)
    expect(strokes).toContain('lineTo')
    click(screen.getByText('确定'))
    await waitFor(() => expect(session.values.customer_signature).toBe('http://127.0.0.1:3200/uploads/sig.png'))
    expect(upload).toHaveBeenCalledWith(
      expect.objectContaining({ filePath: 'blob:signature', fileName: 'signature.png', name: 'file' }),
    )
    const image = frame(container, 'customer_signature').querySelector('.form-signature__image')!
    expect(image.getAttribute('src') ?? (image as HTMLImageElement).src).toBe('http://127.0.0.1:3200/uploads/sig.png')
    expect(within(frame(container, 'customer_signature')).getByText('点击重新签名')).toBeTruthy()
    expect(messageOf(container, 'customer_signature')).toBeNull()
  })

  it('a reopened signature is shown as its image', () => {
    const definition = formOf({ key: 'customer_signature', type: 'signature', required: true })
    const session = new FormSession(definition, customerOfTwins)
    session.loadRecord({
      id: 5,
      name: '测试表',
      customer_id: 7,
      data: { customer_signature: '/uploads/demo-signature.png' },
      created_at: '2026-11-22T01:00:00.000Z',
      created_by: 1,
      updated_at: '2026-11-22T01:00:00.000Z',
      updated_by: 1,
    })
    const { container } = render(<FormRenderer definition={definition} session={session} />)
    const image = container.querySelector('.form-signature__image')!
    expect(image.getAttribute('src') ?? (image as HTMLImageElement).src).toBe('/uploads/demo-signature.png')
  })

  it('submit shows every message next to its field; messages follow the language', () => {
    const { session, container } = show(pediatricianRounds, oneBaby)
    submit(session)
    // The round's date starts on the working date: nothing to mark there.
    expect(messageOf(container, 'round_date')).toBeNull()
    expect(messageOf(container, 'baby_id')).toBe('请选择宝宝')
    expect(messageOf(container, 'temperature')).toBe('请输入体温')
    expect(messageOf(container, 'doctor_signature')).toBe('请医生签字')
    expect(messageOf(container, 'customer_id')).toBeNull()
    act(() => setLocale('en'))
    expect(messageOf(container, 'temperature')).toBe('Please enter Temperature')
  })
})
