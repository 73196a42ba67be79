import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import type { FieldProps } from './types'
import './ComputedField.scss'

/** A value shown, not typed, with its unit once there is one. */
export function ReadOnlyValue({ value, unitKey }: { value: unknown; unitKey?: string }) {
  const empty = value === null || value === undefined || value === ''
  return (
    <View className="form-readonly">
      <Text className={`form-computed ${empty ? 'form-readonly--empty' : ''}`}>
        {empty ? t('common.dash') : String(value)}
      </Text>
      {!empty && unitKey && <Text className="form-field__unit">{t(unitKey)}</Text>}
    </View>
  )
}

/** computed: worked out from the other values as they change; read-only. */
export default observer(function ComputedField({ field, path, session }: FieldProps) {
  return <ReadOnlyValue value={session.computedAt(path)} unitKey={field.unitKey} />
})
