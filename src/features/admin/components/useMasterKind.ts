import Taro from '@tarojs/taro'
import { MASTER_KINDS, type MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import { kindOf } from '../masterKinds'

/** The list a master-data page's address names (`?kind=`, the rooms when it names none) and its entry (`&id=`). */
export function useMasterKind(): { kind: MasterKind; id?: number } {
  const params = Taro.getCurrentInstance().router?.params ?? {}
  const id = Number(params.id)
  return { kind: kindOf(params.kind) ?? MASTER_KINDS[0], id: Number.isInteger(id) && id > 0 ? id : undefined }
}
