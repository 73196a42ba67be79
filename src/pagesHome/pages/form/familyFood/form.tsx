import { FormPage } from '@/features/forms'
import { familyFood } from '@yuezi/contract/forms/definitions/familyFood'

/** 家属订餐登记表. */
export default function Page() {
  return <FormPage definition={familyFood} />
}
