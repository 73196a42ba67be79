// Not NutUI's Picker: a wheel without search, group headings (a room's floor) or a second line per choice (a batch's stock and expiry); this is a searchable list in NutUI's Popup.
import { useEffect, useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { Input, Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { popupPortal } from '@/components/popupPortal'
import type { OptionsSource } from '@yuezi/contract/forms/types'
import { labelKeyOf } from '@yuezi/contract/forms/validate'
import { t } from '@/i18n'
import { formOptionsStore, type Choice } from '@/features/forms/stores/formOptions'
import ChoiceStatus from './ChoiceStatus'
import type { FieldProps } from './types'
import { afterChoice, useChoices } from './useChoices'
import './ChoicePopup.scss'

/** More choices than this: a search box above them. */
const SEARCH_FROM = 12
/** A pause in typing this long (ms) before a partial list is searched on the server. */
const SEARCH_DELAY = 300
/** What the search box says it looks through: a room number, a product's name or spec, else just "Search". */
const searchHint = (source?: OptionsSource) =>
  source === 'floorList'
    ? t('formUi.searchRoom')
    : source === 'productList' || source === 'selfPaidProductList'
      ? t('stock.search')
      : t('common.search')

/** A long list of choices (rooms by floor): a row that opens a popup of big tiles, grouped. */
export default observer(function ChoicePopup({ field, path, session }: FieldProps) {
  const [open, setOpen] = useState(false)
  const [keyword, setKeyword] = useState('')
  const { choices, loading, error, reload, waiting, partial } = useChoices(field, path, session)
  const value = session.valueAt(path)
  const chosen = choices.find((choice) => choice.value === value)
  const text = chosen?.label ?? (value === undefined ? '' : String(value))
  // A retired entry still names the record's choice, but is not offered.
  const offered = choices.filter((choice) => !choice.retired)
  const searchable = offered.length > SEARCH_FROM || !!partial
  const needle = keyword.trim().toLowerCase()
  // A list the server cut at a page is searched there; a whole list is filtered here.
  const source = field.optionsSource
  const onServer = !!(partial && needle && source)
  useEffect(() => {
    if (!onServer) return undefined
    const timer = setTimeout(() => formOptionsStore.search(source!, needle), SEARCH_DELAY)
    return () => clearTimeout(timer)
  }, [onServer, source, needle])
  const found = onServer ? formOptionsStore.searchState(source!, needle) : undefined
  const shown = found
    ? found.choices
    : searchable && needle
      ? offered.filter((choice) => choice.label.toLowerCase().includes(needle))
      : offered
  const status = found
    ? {
        loading: found.loading || (!found.loaded && !found.error),
        error: found.error,
        onRetry: () => formOptionsStore.search(source!, needle),
      }
    : { loading, error, onRetry: reload }
  const groups = [...new Set(shown.map((choice) => choice.group ?? ''))]
  const customerId = session.customer?.id

  const pick = (choice: Choice) => {
    const changed = choice.value !== value
    // A choice found on the server joins the list, so its label shows once picked.
    if (found && source) formOptionsStore.remember(source, undefined, [choice])
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
                className="form-input"
                name={`${field.key}-search`}
                value={keyword}
                placeholder={searchHint(field.optionsSource)}
                clearable
                onChange={setKeyword}
              />
            </View>
          )}
          {waiting ? (
            <Text className="form-choice-popup__waiting">{t('stock.chooseProductFirst')}</Text>
          ) : (
            <ChoiceStatus
              loading={status.loading}
              error={status.error}
              empty={shown.length === 0}
              onRetry={status.onRetry}
            />
          )}
          {groups.map((group) => (
            <View key={group} className="form-choice-popup__group">
              {group && <Text className="form-choice-popup__heading">{group}</Text>}
              <View className="form-choice-popup__tiles">
                {shown
                  .filter((choice) => (choice.group ?? '') === group)
                  .map((choice) => {
                    const taken = !!choice.takenBy && choice.takenBy !== customerId
                    // Her stay's room: another mother's (in it or booked) is refused on saving, so not offered.
                    const closed = taken && !!field.booksRoom
                    const classes = ['form-choice-popup__tile']
                    if (choice.value === value) classes.push('form-choice-popup__tile--active')
                    if (taken) classes.push('form-choice-popup__tile--taken')
                    if (closed) classes.push('form-choice-popup__tile--closed')
                    if (choice.warn) classes.push('form-choice-popup__tile--warn')
                    return (
                      <View
                        key={String(choice.value)}
                        className={classes.join(' ')}
                        aria-disabled={closed || undefined}
                        onClick={() => closed || pick(choice)}
                      >
                        <Text>{choice.label}</Text>
                        {choice.note && <Text className="form-choice-popup__note">{choice.note}</Text>}
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
