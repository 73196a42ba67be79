import { Empty } from '@nutui/nutui-react-taro'
import { Order, Tips, User } from '@nutui/icons-react-taro'
import { observer } from 'mobx-react-lite'

/** What is missing, drawn as an icon that ships with the app. */
const PICTURES = {
  records: Order,
  customers: User,
  page: Tips,
}

interface Props {
  picture: keyof typeof PICTURES
  description: string
  title?: string
  /** `large` for a whole page with nothing on it, `small` inside a popup. */
  size?: 'small' | 'normal' | 'large'
  className?: string
}

/**
 * Every empty state of the app. NutUI's Empty loads its default picture from a CDN, which the
 * server's content security policy (H5) and the mini program's trusted domains refuse: the picture
 * is always one of these icons instead.
 */
export default observer(function EmptyState({ picture, description, title, size = 'normal', className }: Props) {
  const Picture = PICTURES[picture]
  return (
    <Empty
      className={className}
      size={size === 'small' ? 'small' : 'base'}
      image={<Picture size={size === 'large' ? 64 : 40} color={size === 'large' ? '#e8627a' : '#c8c9cc'} />}
      imageSize={size === 'large' ? 80 : 48}
      title={title}
      description={description}
    />
  )
})
