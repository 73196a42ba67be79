import { useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { Input, Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { popupPortal } from '@/components/popupPortal'
import { labelKeyOf } from '@/forms/validate'
import { t } from '@/i18n'
import type { Choice } from '@/stores/formOptions'
import ChoiceStatus from './ChoiceStatus'
import type { FieldProps } from './types'
import { afterChoice, useChoices } from './useChoices'

/** More choices than this: a search box above them. */
const SEARCH_FROM = 12

/** A long list of choices (rooms by floor): a row that opens a popup of big tiles, grouped. */
export default observer(function ChoicePopup({ field, path, session }: FieldProps) {
  const [open, setOpen] = useState(false)
  const [keyword, setKeyword] = useState('')
  const { choices, loading, error, reload, waiting } = useChoices(field, path, session)
  const value = session.valueAt(path)
  const chosen = choices.find((choice) => choice.value === value)
  const text = chosen?.label ?? (value === undefined ? '' : String(value))
  const searchable = choices.length > SEARCH_FROM
  const needle = keyword.trim().toLowerCase()
  const shown = searchable && needle ? choices.filter((choice) => choice.label.toLowerCase().includes(needle)) : choices
  const groups = [...new Set(shown.map((choice) => choice.group ?? ''))]
  const customerId = session.customer?.id

  const pick = (choice: Choice) => {
    const changed = choice.value !== value
    session.setValue(path, choice.value)
    session.blur(path)
    setOpen(false)
    afterChoice(session, field, path, choice, changed)
  }

  return (
    <View className="form-picker">
      <View className="form-picker__value" onClick={() => setOpen(true)}>
        <View className="form-picker__main">
          <Text className={text ? 'form-picker__text' : 'form-picker__placeholder'}>
            {text || t(waiting ? 'stock.chooseProductFirst' : 'common.pleaseSelect')}
          </Text>
          {chosen?.note && (
            <Text className={`form-picker__note ${chosen.warn ? 'form-picker__note--warn' : ''}`}>{chosen.note}</Text>
          )}
        </View>
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
          {searchable && (
            <View className="form-choice-popup__search">
              <Input
                name={`${field.key}-search`}
                value={keyword}
                placeholder={t('stock.search')}
                clearable
                onChange={setKeyword}
              />
            </View>
          )}
          {waiting ? (
            <Text className="form-choice-popup__waiting">{t('stock.chooseProductFirst')}</Text>
          ) : (
            <ChoiceStatus loading={loading} error={error} empty={shown.length === 0} onRetry={reload} />
          )}
          {groups.map((group) => (
            <View key={group} className="form-choice-popup__group">
              {group && <Text className="form-choice-popup__heading">{group}</Text>}
              <View className="form-choice-popup__tiles">
                {shown
                  .filter((choice) => (choice.group ?? '') === group)
                  .map((choice) => {
                    const taken = !!choice.takenBy && choice.takenBy !== customerId
                    const classes = ['form-choice-popup__tile']
                    if (choice.value === value) classes.push('form-choice-popup__tile--active')
                    if (taken) classes.push('form-choice-popup__tile--taken')
                    if (choice.warn) classes.push('form-choice-popup__tile--warn')
                    return (
                      <View key={String(choice.value)} className={classes.join(' ')} onClick={() => pick(choice)}>
                        <Text>{choice.label}</Text>
                        {choice.note && <Text className="form-choice-popup__note">{choice.note}</Text>}
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
