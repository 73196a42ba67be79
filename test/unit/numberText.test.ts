import { readNumber, toHalfWidth } from '@/features/forms/numberText'
import { outApplyGeneral } from '@yuezi/contract/forms/definitions/stock'
import { pediatricianRounds } from '@yuezi/contract/forms/definitions/pediatricianRounds'
import { validateField } from '@yuezi/contract/forms/validate'

describe('what is typed in a number box', () => {
  it('full-width digits and marks read as their half-width forms', () => {
    expect(toHalfWidth('３６．５')).toBe('36.5')
    expect(readNumber('３６．５')).toBe(36.5)
    expect(readNumber('３６。５')).toBe(36.5)
    expect(readNumber('－５')).toBe(-5)
    expect(readNumber('１，２００')).toBe(1200)
    expect(readNumber('1,200.50')).toBe(1200.5)
    expect(readNumber(' 12 ')).toBe(12)
  })

  it('what is not a number stays as typed (the rules refuse it), nothing typed is no value', () => {
    expect(readNumber('36，5')).toBe('36，5')
    expect(readNumber('12a')).toBe('12a')
    expect(readNumber('1,20')).toBe('1,20')
    expect(readNumber('  ')).toBeUndefined()
  })
})

describe('the shared rules (the server checks the same)', () => {
  const quantity = { items: [{ quantity: -5 }] }
  it('a negative number where none may be is named as such; a floor above zero keeps its own message', () => {
    const rows = validateField(outApplyGeneral, 'items', quantity).filter((e) => e.path === 'items.0.quantity')
    expect(rows).toMatchObject([{ rule: 'negative' }])
    expect(
      validateField(outApplyGeneral, 'items', { items: [{ quantity: 0 }] }).find((e) => e.path === 'items.0.quantity'),
    ).toMatchObject({ rule: 'min', params: { min: 1 } })
    expect(validateField(pediatricianRounds, 'temperature', { temperature: 33 })).toMatchObject([
      { rule: 'min', params: { min: 34 } },
    ])
  })

  it('the app sends numbers: a number field refuses text, full-width or not', () => {
    expect(validateField(pediatricianRounds, 'temperature', { temperature: '３６．５' })).toMatchObject([
      { rule: 'type' },
    ])
    expect(validateField(pediatricianRounds, 'temperature', { temperature: readNumber('３６．５') })).toEqual([])
  })
})
