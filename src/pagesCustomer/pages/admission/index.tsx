import Taro from '@tarojs/taro'
import { Admission } from '@/features/customers'

/** 新建客户: admitting a new mother, from the customer picker, or into a free room of the room board (`?room=`); or a mother who left, again (`?readmit=<customerId>`). */
export default function Page() {
  const params = Taro.getCurrentInstance().router?.params
  const room = params?.room
  const readmit = Number(params?.readmit) || undefined
  return <Admission room={room ? decodeURIComponent(room) : undefined} readmit={readmit} />
}
