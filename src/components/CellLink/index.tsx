import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import { ArrowRight } from '@nutui/icons-react-taro'
import { observer } from 'mobx-react-lite'
import './index.scss'

/** The right side of a cell that opens something: its value, if any, and an arrow. */
export default observer(function CellLink({ value }: { value?: ReactNode }) {
  return (
    <View className="cell-link">
      {value}
      <ArrowRight size={12} color="#c8c9cc" />
    </View>
  )
})
