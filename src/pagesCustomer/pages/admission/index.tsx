import Taro from '@tarojs/taro'
import { Admission } from '@/features/customers'

/** 新建客户: admitting a new mother, from the customer picker, or into a free room of the room board (`?room=`). */
export default function Page() {
  const room = Taro.getCurrentInstance().router?.params?.room
  return <Admission room={room ? decodeURIComponent(room) : undefined} />
}
