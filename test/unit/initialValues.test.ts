import { checkInNoticeMonth, checkInNoticeSmall } from '@yuezi/contract/forms/definitions/checkInNotice'
import { checkNotice } from '@yuezi/contract/forms/definitions/checkNotice'
import { familyFood } from '@yuezi/contract/forms/definitions/familyFood'
import { obstetricianRounds } from '@yuezi/contract/forms/definitions/obstetricianRounds'
import { pediatricianRounds } from '@yuezi/contract/forms/definitions/pediatricianRounds'
import { proofOfLostReceipt } from '@yuezi/contract/forms/definitions/proofOfLostReceipt'
import { giftCollection, outApplyGeneral, outApplyGift, specialCare } from '@yuezi/contract/forms/definitions/stock'
import { visit } from '@yuezi/contract/forms/definitions/visit'
import { initialValues } from '@yuezi/contract/forms/initial'
import { fieldsOf, validateForm } from '@yuezi/contract/forms/validate'

const customer = {
  name: '李静',
  phone: '13800000007',
  room: '805',
  delivery_date: '2026-11-10',
  children: [
    { id: 70, name: '李大宝', sex: 'male', birth_date: '2026-11-10', birth_weight: 3100 },
    { id: 71, name: '李小宝', sex: 'female', birth_date: '2026-11-10', birth_weight: null },
  ],
}
const sources = {
  today: '2026-11-22',
  customer,
  staff: { name: '王小美' },
  latest: { doctor_name: '陈医生', temperature: 37 },
}

describe('first values of a new record', () => {
  it("a check-in notice starts with the mother's name, phone, room, delivery date and her babies as rows", () => {
    expect(initialValues(checkInNoticeMonth, sources)).toEqual({
      customer_name: '李静',
      phone: '13800000007',
      delivery_date: '2026-11-10',
      babies: [{ sex: 'male', birth_weight: 3100 }, { sex: 'female' }],
      room: '805',
    })
    expect(initialValues(checkInNoticeSmall, sources)).toEqual({
      customer_name: '李静',
      phone: '13800000007',
      room: '805',
    })
  })

  it("the staff member signs as 经办人 / 领用人; a round's 查房医生 is the site's last round's, not the clerk; the dates of what happens now start on the working date", () => {
    expect(initialValues(proofOfLostReceipt, sources)).toEqual({
      customer_name: '李静',
      phone: '13800000007',
      handler: '王小美',
      sign_date: '2026-11-22',
    })
    expect(initialValues(outApplyGeneral, sources)).toEqual({ requester: '王小美', apply_date: '2026-11-22' })
    expect(initialValues(giftCollection, sources)).toEqual({ receive_date: '2026-11-22', handler: '王小美' })
    expect(initialValues(outApplyGift, sources)).toEqual({ apply_date: '2026-11-22' })
    expect(initialValues(specialCare, sources)).toEqual({ room: '805', consume_date: '2026-11-22' })
    expect(initialValues(obstetricianRounds, sources)).toEqual({ round_date: '2026-11-22', doctor_name: '陈医生' })
    // Twins: the first baby at the top, a section for the other; one baby is chosen by a tap.
    expect(initialValues(pediatricianRounds, sources)).toEqual({
      round_date: '2026-11-22',
      doctor_name: '陈医生',
      baby_id: 70,
      babies: [{ baby_id: 71 }],
    })
    const single = { ...sources, customer: { ...customer, children: [customer.children[0]] } }
    expect(initialValues(pediatricianRounds, single)).toEqual({ round_date: '2026-11-22', doctor_name: '陈医生' })
    expect(initialValues(familyFood, sources)).toEqual({ meal_date: '2026-11-22' })
    expect(initialValues(checkNotice, sources)).toEqual({ sign_date: '2026-11-22' })
    expect(initialValues(visit, sources)).toEqual({})
  })

  it('what a source does not have is left out, not filled with an empty value', () => {
    expect(
      initialValues(checkInNoticeMonth, {
        today: '2026-11-22',
        customer: { name: '李静', phone: '', room: null, children: [] },
      }),
    ).toEqual({
      customer_name: '李静',
    })
    expect(initialValues(proofOfLostReceipt, { today: '2026-11-22' })).toEqual({ sign_date: '2026-11-22' })
    // A site's first round: no doctor yet, and never the clerk's name in her place.
    expect(initialValues(obstetricianRounds, { ...sources, latest: null })).toEqual({ round_date: '2026-11-22' })
  })

  it('every first value passes the form rules of its field', () => {
    const definitions = [
      checkInNoticeMonth,
      checkInNoticeSmall,
      proofOfLostReceipt,
      outApplyGeneral,
      giftCollection,
      specialCare,
      familyFood,
      obstetricianRounds,
    ]
    for (const definition of definitions) {
      const values = initialValues(definition, sources)
      const errors = validateForm(definition, values).filter((e) => e.path.split('.')[0] in values)
      expect([definition.name, errors]).toEqual([definition.name, []])
      for (const key of Object.keys(values))
        expect(fieldsOf(definition).some((f) => f.key === key && f.initial)).toBe(true)
    }
  })
})
