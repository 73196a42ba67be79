import { FormPage } from '@/features/forms'
import { pediatricianRounds } from '@yuezi/contract/forms/definitions/pediatricianRounds'

/** 儿科医生查房签到表 (with medicine rows). */
export default function Page() {
  return <FormPage definition={pediatricianRounds} />
}
