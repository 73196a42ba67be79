import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import './index.scss'

interface Props {
  name?: string
  size?: 'normal' | 'large'
  className?: string
}

/**
 * A round avatar showing the first character of a name. Drawn by hand: NutUI's
 * Avatar would bring its image and group styles into the main package for this.
 */
export default observer(function Initial({ name, size = 'normal', className }: Props) {
  return <View className={`initial initial--${size} ${className ?? ''}`}>{name?.slice(0, 1)}</View>
})
