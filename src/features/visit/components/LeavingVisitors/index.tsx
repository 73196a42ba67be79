import { useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { popupPortal } from '@/components/popupPortal'
import { t } from '@/i18n'
import { workingDateStore } from '@/stores'
import type { FormPageStore } from '@/features/forms'
import { LeavingVisitorsStore, visitorName } from '../../stores/leavingVisitors'
import './index.scss'

/** The departure just recorded, whose and when, with its undo. */
const Departed = observer(function Departed({ store }: { store: LeavingVisitorsStore }) {
  const { departure } = store
  if (!departure) return null
  return (
    <View className="leaving-visitors__done" role="status">
      <Text className="leaving-visitors__done-text">
        {t('visit.left', { name: visitorName(departure.record), time: departure.time.slice(11) })}
      </Text>
      <Button size="small" fill="outline" type="primary" onClick={store.undo}>
        {t('visit.undoLeft')}
      </Button>
    </View>
  )
})

/** A visitor leaving: pick them among the day's visitors still inside; one tap saves their time out = now. */
export default observer(function LeavingVisitors({ form }: { form: FormPageStore }) {
  const [store] = useState(() => new LeavingVisitorsStore(form))
  const { visitors, loading, error } = store

  return (
    <View className="leaving-visitors">
      <View className="leaving-visitors__card">
        <Text className="leaving-visitors__hint">{t('visit.leavingHint')}</Text>
        <Button type="primary" fill="outline" onClick={store.show}>
          {t('visit.leaving')}
        </Button>
      </View>
      {!store.open && <Departed store={store} />}
      <Popup
        visible={store.open}
        position="bottom"
        round
        closeable
        title={t('visit.insideTitle', { date: workingDateStore.today })}
        portal={popupPortal}
        onClose={store.close}
      >
        <Departed store={store} />
        <ScrollView className="leaving-visitors__list" scrollY>
          {loading && <Text className="leaving-visitors__status">{t('common.loading')}</Text>}
          {error && (
            <View className="leaving-visitors__status" role="alert">
              <Text className="leaving-visitors__error">{t('recordList.failed', { message: error })}</Text>
              <Button size="small" onClick={store.load}>
                {t('common.retry')}
              </Button>
            </View>
          )}
          {!loading && !error && visitors.length === 0 && (
            <Text className="leaving-visitors__status">{t('visit.noneInside')}</Text>
          )}
          {visitors.map((record) => (
            <View key={record.id} className="leaving-visitors__row">
              <View className="leaving-visitors__info">
                <Text className="leaving-visitors__name">
                  {visitorName(record)} · {String(record.data.phone ?? '')}
                </Text>
                <Text className="leaving-visitors__meta">
                  {t('visit.visiting', {
                    name: record.customer_name ?? t('common.dash'),
                    room: record.room ?? t('common.dash'),
                  })}
                </Text>
                <Text className="leaving-visitors__meta">
                  {t('visit.timeIn', { time: String(record.data.time_in ?? '') })}
                </Text>
                {record.customer_id && (
                  <Text className="leaving-visitors__file" onClick={() => store.openCustomerFile(record)}>
                    {t('customerFile.title')}
                  </Text>
                )}
              </View>
              <Button type="primary" onClick={() => store.markLeft(record)}>
                {t('visit.markLeft')}
              </Button>
            </View>
          ))}
        </ScrollView>
      </Popup>
    </View>
  )
})
