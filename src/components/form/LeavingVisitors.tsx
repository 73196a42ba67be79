import { useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { getFormRecord } from '@/api/form'
import type { FormRecord } from '@/api/types'
import { popupPortal } from '@/components/popupPortal'
import { visit } from '@/forms/definitions/visit'
import { t } from '@/i18n'
import { formStore } from '@/stores'
import './LeavingVisitors.scss'

/** Pages of visits read to find those still inside (a day's visits fit in a few). */
const LIMIT = 100
const MAX_PAGES = 5

/** The working date's visits without a time out, newest first. */
async function visitorsInside(date: string): Promise<FormRecord[]> {
  const inside: FormRecord[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await getFormRecord({ name: visit.name, date_from: date, date_to: date, page, limit: LIMIT })
    inside.push(...result.list.filter((record) => !record.data.time_out))
    if (page * LIMIT >= result.total || result.list.length < LIMIT) break
  }
  return inside
}

/** A visitor leaving: pick them among the day's visitors still inside; their record opens with time out = now. */
export default observer(function LeavingVisitors({ onPick }: { onPick: (id: number) => void }) {
  const [open, setOpen] = useState(false)
  const [visitors, setVisitors] = useState<FormRecord[]>([])
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState('')

  const load = async () => {
    setLoading(true)
    setError('')
    try {
      setVisitors(await visitorsInside(formStore.today))
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setLoading(false)
    }
  }

  const show = () => {
    setOpen(true)
    load()
  }

  return (
    <View className="leaving-visitors">
      <View className="leaving-visitors__card">
        <Text className="leaving-visitors__hint">{t('visit.leavingHint')}</Text>
        <Button type="primary" fill="outline" onClick={show}>
          {t('visit.leaving')}
        </Button>
      </View>
      <Popup
        visible={open}
        position="bottom"
        round
        closeable
        title={t('visit.insideTitle', { date: formStore.today })}
        portal={popupPortal}
        onClose={() => setOpen(false)}
      >
        <ScrollView className="leaving-visitors__list" scrollY>
          {loading && <Text className="leaving-visitors__status">{t('common.loading')}</Text>}
          {error && (
            <View className="leaving-visitors__status" role="alert">
              <Text className="leaving-visitors__error">{t('recordList.failed', { message: error })}</Text>
              <Button size="small" onClick={load}>
                {t('common.retry')}
              </Button>
            </View>
          )}
          {!loading && !error && visitors.length === 0 && <Text className="leaving-visitors__status">{t('visit.noneInside')}</Text>}
          {visitors.map((record) => (
            <View key={record.id} className="leaving-visitors__row">
              <View className="leaving-visitors__info">
                <Text className="leaving-visitors__name">
                  {String(record.data.visitor_name ?? '')} · {String(record.data.phone ?? '')}
                </Text>
                <Text className="leaving-visitors__meta">
                  {t('visit.visiting', { name: record.customer_name ?? t('common.dash'), room: record.room ?? t('common.dash') })}
                </Text>
                <Text className="leaving-visitors__meta">{t('visit.timeIn', { time: String(record.data.time_in ?? '') })}</Text>
              </View>
              <Button
                type="primary"
                onClick={() => {
                  setOpen(false)
                  onPick(record.id)
                }}
              >
                {t('visit.markLeft')}
              </Button>
            </View>
          ))}
        </ScrollView>
      </Popup>
    </View>
  )
})
