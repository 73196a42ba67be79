import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import FieldMessage from '@/components/FieldMessage'
import type { Field } from '@yuezi/contract/forms/types'
import { isRequired, labelKeyOf } from '@yuezi/contract/forms/validate'
import { flagText } from '@yuezi/contract/forms/ranges'
import { t } from '@/i18n'
import { fieldAnchor } from '../../fieldAnchor'
import type { FormSession } from '@/features/forms/stores/formSession'

/** A field's frame: label with its required mark, the control with its unit, and its message. */
export default observer(function FieldItem({
  field,
  path,
  session,
  children,
}: {
  field: Field
  path: string
  session: FormSession
  children: ReactNode
}) {
  const message = session.errorText(path)
  const flag = session.flagAt(path)
  const required = isRequired(field, session.values) || (field.flagReason && session.needsReason)
  const classes = ['form-field', `form-field--${field.type}`]
  if (message) classes.push('form-field--invalid')
  return (
    <View className={classes.join(' ')} id={fieldAnchor(path)}>
      <View className="form-field__label">
        {required && <Text className="form-field__required">*</Text>}
        <Text>{t(labelKeyOf(field))}</Text>
      </View>
      <View className="form-field__control">
        <View className="form-field__input">{children}</View>
        {field.unitKey && field.type !== 'computed' && <Text className="form-field__unit">{t(field.unitKey)}</Text>}
      </View>
      {flag && <Text className="form-field__flag">{flagText(flag, t)}</Text>}
      <FieldMessage message={message} />
    </View>
  )
})
