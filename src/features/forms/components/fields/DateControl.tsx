import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button, DatePicker } from '@nutui/nutui-react-taro'
import dayjs from 'dayjs'
import { observer } from 'mobx-react-lite'
import { popupPortal } from '@/components/popupPortal'
import { DATE_FORMAT, DATETIME_FORMAT, labelKeyOf } from '@yuezi/contract/forms/validate'
import { t } from '@/i18n'
import { workingDateStore } from '@/stores'
import { centreClock } from '@/stores/centreClock'
import type { FieldProps } from './types'
import './DateControl.scss'

interface Props extends FieldProps {
  withTime?: boolean
}

const pad = (n: unknown) => String(n).padStart(2, '0')

/** date / datetime: a row that opens NutUI's DatePicker, and a one-tap today / now. */
export default observer(function DateControl({ field, path, session, withTime = false }: Props) {
  const [open, setOpen] = useState(false)
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT
  const value = session.valueAt(path)
  const text = typeof value === 'string' ? value : ''
  const parsed = text ? dayjs(text, format, true) : null
  // The picker starts at the value, else the working date (the centre's now, for a time).
  const start = parsed?.isValid() ? parsed : dayjs(withTime ? centreClock.now() : workingDateStore.today, format)

  const choose = (next: string) => {
    session.setValue(path, next)
    session.blur(path)
  }

  const confirm = (_options: unknown, values: (string | number | null)[]) => {
    const [y, m, d, h, min] = values
    choose(withTime ? `${y}-${pad(m)}-${pad(d)} ${pad(h)}:${pad(min)}` : `${y}-${pad(m)}-${pad(d)}`)
  }

  const shortcut = () => choose(withTime ? centreClock.now() : workingDateStore.today)

  return (
    <View className="form-picker">
      <View className="form-picker__value" onClick={() => setOpen(true)}>
        <Text className={text ? 'form-picker__text' : 'form-picker__placeholder'}>
          {text || t('common.pleaseSelect')}
        </Text>
        <Text className="form-picker__arrow">›</Text>
      </View>
      <Button className="form-picker__shortcut" size="small" fill="outline" type="primary" onClick={shortcut}>
        {withTime ? t('formUi.now') : t('formUi.today')}
      </Button>
      {open && (
        <DatePicker
          visible
          type={withTime ? 'datetime' : 'date'}
          title={t(labelKeyOf(field))}
          value={start.toDate()}
          startDate={dayjs().subtract(30, 'year').startOf('year').toDate()}
          // A date that records what happened goes up to the centre's today; one that plans ahead, years on.
          endDate={(field.future ? dayjs().add(3, 'year').endOf('year') : dayjs(centreClock.today())).toDate()}
          pickerProps={{ popupProps: { portal: popupPortal } } as never}
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        />
      )}
    </View>
  )
})
