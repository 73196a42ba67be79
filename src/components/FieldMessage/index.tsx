import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import './index.scss'

/** A field's validation message, shown right under it. */
export default observer(function FieldMessage({ message }: { message?: string }) {
  if (!message) return null
  return (
    <View className="field-message" role="alert">
      {message}
    </View>
  )
})
