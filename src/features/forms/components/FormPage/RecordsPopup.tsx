import { ScrollView, Text, View } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { flagText, type RangeFlag } from '@yuezi/contract/forms/ranges'
import { babyAt } from '@yuezi/contract/forms/validate'
import { popupPortal } from '@/components/popupPortal'
import RecordList from '@/components/RecordList'
import { t } from '@/i18n'
import type { RecordHistory } from '../../stores/recordHistory'
import { placesOf, recordSubject, summarize, timeText, type HistoryEntry } from '../../summary'
import './index.scss'

interface Props {
  definition: FormDefinition
  history: RecordHistory<HistoryEntry>
  /** The customer's babies: a record of a form per baby names its baby. */
  babies?: { id: number; name: string }[]
}

/** A flag of a record as its list shows it: on a twins' round, under the name of the baby it is about. */
function flagLine(
  definition: FormDefinition,
  record: HistoryEntry,
  children: { id: number; name: string }[],
  flag: RangeFlag,
): string {
  const id = babyAt(definition, record.data, flag.path)
  const name = id === undefined ? undefined : children.find((child) => child.id === id)?.name
  return name ? t('form.babyNamed', { name, text: flagText(flag, t) }) : flagText(flag, t)
}

/** The saved records of a form for its customer, newest first, each naming whom it is about; one is opened by a tap. */
export default observer(function RecordsPopup({ definition, history, babies = [] }: Props) {
  const { records } = history
  return (
    <Popup
      className="form-records"
      visible={history.visible}
      position="bottom"
      round
      closeable
      title={t('formUi.recordsTitle', { title: t(definition.titleKey) })}
      portal={popupPortal}
      onClose={history.close}
    >
      {history.canExport && (
        <View className="form-records__tools">
          <Button size="small" fill="outline" onClick={history.exportSheet}>
            {t('sheet.export')}
          </Button>
        </View>
      )}
      <ScrollView className="form-records__list" scrollY lowerThreshold={80} onScrollToLower={records.loadMore}>
        <RecordList
          list={records}
          keyOf={(record) => record.id}
          emptyText={t('formUi.noRecords')}
          renderItem={(record) => (
            <View className="form-records__row" onClick={() => history.pick(record.id)}>
              <View className="form-records__line">
                <Text className="form-records__time">{timeText(record.created_at)}</Text>
                <Text className="form-records__by">{record.created_by_name}</Text>
              </View>
              {recordSubject(definition, record, babies).map((line) => (
                <Text key={line} className="form-records__subject">
                  {line}
                </Text>
              ))}
              {summarize(definition, record.data).map((line) => (
                <Text key={line} className="form-records__summary">
                  {line}
                </Text>
              ))}
              {record.flags?.map((flag) => (
                <Text key={flag.path} className="form-records__flag">
                  {flagLine(definition, record, babies, flag)}
                </Text>
              ))}
              {placesOf(definition, record.data).map((place) => (
                <View key={place.key} className="form-records__place">
                  <Text className="form-records__summary">{place.text}</Text>
                  {place.far && <Text className="form-records__far">{t('form.location.far')}</Text>}
                </View>
              ))}
            </View>
          )}
        />
      </ScrollView>
    </Popup>
  )
})
