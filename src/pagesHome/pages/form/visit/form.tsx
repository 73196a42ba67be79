import { FormPage } from '@/features/forms'
import { LeavingVisitors } from '@/features/visit'
import { visit } from '@yuezi/contract/forms/definitions/visit'

/** 访客出入登记表; a visitor leaving: their visit of the day opens with the time out set to now. */
export default function Page() {
  return <FormPage definition={visit} tools={(form) => <LeavingVisitors form={form} />} />
}
