import Taro from '@tarojs/taro'
import { Admission, CustomerEdit } from '@/features/customers'

/**
 * 新建客户: admitting a new mother, from the customer picker, or into a free room of the room board
 * (`?room=`); a mother who left, again (`?readmit=<customerId>`); with `?edit=<customerId>`, her
 * details and babies changed (编辑).
 */
export default function Page() {
  const params = Taro.getCurrentInstance().router?.params
  const edit = Number(params?.edit)
  if (edit) return <CustomerEdit customerId={edit} />
  const room = params?.room
  const readmit = Number(params?.readmit) || undefined
  return <Admission room={room ? decodeURIComponent(room) : undefined} readmit={readmit} />
}
