import { MasterEdit, useMasterKind } from '@/features/admin'

/** An entry of one of the centre's lists, new or `&id=`. */
export default function Page() {
  const { kind, id } = useMasterKind()
  return <MasterEdit kind={kind} id={id} />
}
