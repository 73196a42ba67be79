import { ScrollView, Text, View } from '@tarojs/components'
import { Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { popupPortal } from '@/components/popupPortal'
import RecordList from '@/components/RecordList'
import { t } from '@/i18n'
import type { FormPageStore } from '../../stores/formPage'
import { summarize, timeText } from '../../summary'

/** The saved records of a form for its customer, newest first, to reopen one for editing. */
export default observer(function RecordsPopup({ store }: { store: FormPageStore }) {
  const { definition, records } = store
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
