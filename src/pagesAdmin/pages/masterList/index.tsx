import { MasterList, useMasterKind } from '@/features/admin'

/** 房间、部门、物品、套餐、礼包类型: one of the centre's lists, `?kind=` says which. */
export default function Page() {
  return <MasterList kind={useMasterKind().kind} />
}
