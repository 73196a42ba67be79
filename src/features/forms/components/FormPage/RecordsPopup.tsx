import { ScrollView, Text, View } from '@tarojs/components'
import { Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { popupPortal } from '@/components/popupPortal'
import RecordList from '@/components/RecordList'
import { t } from '@/i18n'
import type { PagedList } from '@/stores/pagedList'
import { recordSubject, summarize, timeText, type HistoryEntry } from '../../summary'

/** A form's history: its saved records (or acknowledgements) for its customer, newest first. */
export interface RecordHistory {
  readonly definition: FormDefinition
  readonly records: PagedList<HistoryEntry>
  /** The customer's babies: a record of a form per baby names its baby. */
  readonly children: { id: number; name: string }[]
  showRecords: boolean
  closeRecords: () => void
  pickRecord: (id: number) => void
}

/** The saved records of a form for its customer, newest first, each naming whom it is about; one is opened by a tap. */
export default observer(function RecordsPopup({ store }: { store: RecordHistory }) {
  const { definition, records, children } = store
  return (
    <Popup
      className="form-records"
      visible={store.showRecords}
      position="bottom"
      round
      closeable
      title={t('formUi.recordsTitle', { title: t(definition.titleKey) })}
      portal={popupPortal}
      onClose={store.closeRecords}
    >
      <ScrollView className="form-records__list" scrollY lowerThreshold={80} onScrollToLower={records.loadMore}>
        <RecordList
          list={records}
          keyOf={(record) => record.id}
          emptyText={t('formUi.noRecords')}
          renderItem={(record) => (
            <View className="form-records__row" onClick={() => store.pickRecord(record.id)}>
              <View className="form-records__line">
                <Text className="form-records__time">{timeText(record.created_at)}</Text>
                <Text className="form-records__by">{record.created_by_name}</Text>
              </View>
              {recordSubject(definition, record, children).map((line) => (
                <Text key={line} className="form-records__subject">
                  {line}
                </Text>
              ))}
              {summarize(definition, record.data).map((line) => (
                <Text key={line} className="form-records__summary">
                  {line}
                </Text>
              ))}
            </View>
          )}
        />
      </ScrollView>
    </Popup>
  )
})
