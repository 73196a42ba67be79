import { useEffect } from 'react'
import Taro from '@tarojs/taro'
import type { MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import { NOT_FOUND_PAGE } from '@/routes'
import { kindOf } from '../masterKinds'

/** The list a master-data page's address names (`?kind=`), and its entry (`&id=`); an unknown kind is not found. */
export function useMasterKind(): { kind?: MasterKind; id?: number } {
  const params = Taro.getCurrentInstance().router?.params ?? {}
  const kind = kindOf(params.kind)
  const id = Number(params.id)
  useEffect(() => {
    if (!kind) Taro.redirectTo({ url: NOT_FOUND_PAGE })
  }, [kind])
  return { kind, id: Number.isInteger(id) && id > 0 ? id : undefined }
}
