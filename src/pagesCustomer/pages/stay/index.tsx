import Taro from '@tarojs/taro'
import { Stay } from '@/features/customers'
import { customerStore } from '@/stores'

/** 入住信息: a mother's stay (`?id=`, else the current customer's), checking her in or out. */
export default function Page() {
  return <Stay id={Number(Taro.getCurrentInstance().router?.params?.id) || customerStore.customerInfo?.id} />
}
