import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import type { FieldProps } from './types'
import './ComputedField.scss'

/** computed: worked out from the other values as they change; read-only, with its unit once there is a value. */
export default observer(function ComputedField({ field, path, session }: FieldProps) {
  const value = session.computedAt(path)
  const empty = value === null || value === undefined || value === ''
  return (
    <View className="form-readonly">
      <Text className={`form-computed ${empty ? 'form-readonly--empty' : ''}`}>
        {empty ? t('common.dash') : String(value)}
      </Text>
      {!empty && field.unitKey && <Text className="form-field__unit">{t(field.unitKey)}</Text>}
    </View>
  )
})
