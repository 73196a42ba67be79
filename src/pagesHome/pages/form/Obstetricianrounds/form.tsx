import { FormPage } from '@/features/forms'
import { obstetricianRounds } from '@yuezi/contract/forms/definitions/obstetricianRounds'

/** 产科医生查房签到表 (with medicine rows: saved with the record). */
export default function Page() {
  return <FormPage definition={obstetricianRounds} />
}
