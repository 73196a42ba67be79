import { useEffect, useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { getFormRecord } from '@/api/form'
import type { FormRecord } from '@/api/types'
import { popupPortal } from '@/components/popupPortal'
import RecordList from '@/components/RecordList'
import type { FormDefinition } from '@/forms/types'
import { t } from '@/i18n'
import { PagedList } from '@/stores/pagedList'
import { summarize, timeText } from '../summary'

interface Props {
  visible: boolean
  definition: FormDefinition
  /** The form's customer: their records, newest first. */
  customerId?: number
  onClose: () => void
  onOpen: (id: number) => void
}

/** The saved records of a form for its customer, to reopen one for editing. */
export default observer(function RecordsPopup({ visible, definition, customerId, onClose, onOpen }: Props) {
  const [list] = useState(
    () =>
      new PagedList<FormRecord>((page, limit) =>
        getFormRecord({ name: definition.name, customer_id: customerId, page, limit }),
      ),
  )

  useEffect(() => {
    if (visible) list.reload((page, limit) => getFormRecord({ name: definition.name, customer_id: customerId, page, limit }))
  }, [visible, customerId, definition, list])

  return (
    <Popup
      className="form-records"
      visible={visible}
      position="bottom"
      round
      closeable
      title={t('formUi.recordsTitle', { title: t(definition.titleKey) })}
      portal={popupPortal}
      onClose={onClose}
    >
      <ScrollView className="form-records__list" scrollY lowerThreshold={80} onScrollToLower={list.loadMore}>
        <RecordList
          list={list}
          keyOf={(record) => record.id}
          emptyText={t('formUi.noRecords')}
          renderItem={(record) => (
            <View className="form-records__row" onClick={() => onOpen(record.id)}>
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
