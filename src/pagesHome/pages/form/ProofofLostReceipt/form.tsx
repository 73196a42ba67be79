import { FormPage } from '@/features/forms'
import { proofOfLostReceipt } from '@yuezi/contract/forms/definitions/proofOfLostReceipt'

/** 收据遗失证明. */
export default function Page() {
  return <FormPage definition={proofOfLostReceipt} />
}
