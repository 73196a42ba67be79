import { useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { popupPortal } from '@/components/popupPortal'
import { labelKeyOf } from '@/forms/validate'
import { t } from '@/i18n'
import type { Choice } from '@/stores/formOptions'
import ChoiceStatus from './ChoiceStatus'
import type { FieldProps } from './types'
import { useChoices } from './useChoices'

/** A long list of choices (rooms by floor): a row that opens a popup of big tiles, grouped. */
export default observer(function ChoicePopup({ field, path, session }: FieldProps) {
  const [open, setOpen] = useState(false)
  const { choices, loading, error, reload } = useChoices(field)
  const value = session.valueAt(path)
  const chosen = choices.find((choice) => choice.value === value)
  const text = chosen?.label ?? (value === undefined ? '' : String(value))
  const groups = [...new Set(choices.map((choice) => choice.group ?? ''))]
  const customerId = session.customer?.id

  const pick = (choice: Choice) => {
    session.setValue(path, choice.value)
    session.blur(path)
    setOpen(false)
  }

  return (
    <View className="form-picker">
      <View className="form-picker__value" onClick={() => setOpen(true)}>
        <Text className={text ? 'form-picker__text' : 'form-picker__placeholder'}>{text || t('common.pleaseSelect')}</Text>
        <Text className="form-picker__arrow">›</Text>
      </View>
      <Popup
        className="form-choice-popup"
        visible={open}
        position="bottom"
        round
        closeable
        title={t(labelKeyOf(field))}
        portal={popupPortal}
        onClose={() => setOpen(false)}
      >
        <ScrollView className="form-choice-popup__list" scrollY>
          <ChoiceStatus loading={loading} error={error} empty={choices.length === 0} onRetry={reload} />
          {groups.map((group) => (
            <View key={group} className="form-choice-popup__group">
              {group && <Text className="form-choice-popup__heading">{group}</Text>}
              <View className="form-choice-popup__tiles">
                {choices
                  .filter((choice) => (choice.group ?? '') === group)
                  .map((choice) => {
                    const taken = !!choice.takenBy && choice.takenBy !== customerId
                    const classes = ['form-choice-popup__tile']
                    if (choice.value === value) classes.push('form-choice-popup__tile--active')
                    if (taken) classes.push('form-choice-popup__tile--taken')
                    return (
                      <View key={String(choice.value)} className={classes.join(' ')} onClick={() => pick(choice)}>
                        <Text>{choice.label}</Text>
                        {taken && <Text className="form-choice-popup__note">{t('formUi.roomTaken')}</Text>}
                      </View>
                    )
                  })}
              </View>
            </View>
          ))}
        </ScrollView>
      </Popup>
    </View>
  )
})
