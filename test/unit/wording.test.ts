import { formDefinitions, stockFormDefinitions, fieldsOf } from '@yuezi/contract/forms/index'
import { addMessages, setLocale, t, tCount } from '@/i18n'
import { rowNameKeyOf } from '@/features/forms/components/fields/RowsField'
import zh from '@locales/zh-CN.json'
import en from '@locales/en.json'
import formZh from '@locales/forms/zh-CN.json'
import formEn from '@locales/forms/en.json'
import serverZh from '@locales/server/zh-CN.json'
import serverEn from '@locales/server/en.json'

const chinese: Record<string, string> = { ...zh, ...formZh }
const english: Record<string, string> = { ...en, ...formEn }

afterEach(() => setLocale('zh-CN'))

describe('wording', () => {
  it('names one row of every repeated part of a form (Baby 1, Add Medicine), in both languages', () => {
    const rows = [...formDefinitions, ...stockFormDefinitions].flatMap((form) =>
      fieldsOf(form).filter((field) => field.type === 'rows'),
    )
    expect(rows.length).toBeGreaterThanOrEqual(3)
    const missing = rows.map(rowNameKeyOf).filter((key) => !(key in chinese) || !(key in english))
    expect(missing).toEqual([])
  })

  it("says an order's status in one word: the list's, the detail's and the PDF's alike, in both languages", () => {
    for (const [app, server] of [
      [chinese, serverZh],
      [english, serverEn],
    ] as [Record<string, string>, Record<string, string>][]) {
      const statuses = Object.keys(server).filter((key) => key.startsWith('pdf.status.'))
      expect(statuses).toHaveLength(4)
      for (const key of statuses) expect([key, server[key]]).toEqual([key, app[key.replace('pdf.', 'stock.')]])
    }
    expect(serverZh['pdf.status.approved']).toBe('已审核')
  })

  it('has the many form of every count that has a form for one', () => {
    const ones = Object.keys(english).filter((key) => key.endsWith('.one'))
    expect(ones.length).toBeGreaterThanOrEqual(5)
    expect(ones.filter((key) => !(key.replace(/\.one$/, '') in english))).toEqual([])
  })

  it('says "1 order" and "2 orders" in English, 共 1 单 and 共 2 单 in Chinese', () => {
    addMessages({ 'zh-CN': formZh, en: formEn })
    setLocale('en')
    expect([0, 1, 2].map((total) => tCount('stock.total', total, { total }))).toEqual([
      '0 orders',
      '1 order',
      '2 orders',
    ])
    expect(tCount('customer.babies', 1, { names: 'Lily' })).toBe('Baby: Lily')
    setLocale('zh-CN')
    expect([1, 2].map((total) => tCount('stock.total', total, { total }))).toEqual(['共 1 单', '共 2 单'])
    expect(t('formUi.rowTitle', { row: t('form.row.babies'), n: 1 })).toBe('宝宝 1')
  })

  it('starts every English sentence and label with a capital (units excepted)', () => {
    const lower = Object.entries(english).filter(([key, text]) => !key.startsWith('form.unit.') && /^[a-z]/.test(text))
    expect(lower).toEqual([])
  })
})
