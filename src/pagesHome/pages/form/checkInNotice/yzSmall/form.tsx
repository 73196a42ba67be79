import { FormPage } from '@/features/forms'
import { checkInNoticeSmall } from '@yuezi/contract/forms/definitions/checkInNotice'

/** 小月子入住通知单 (is_month false): one per customer, reopened for editing. */
export default function Page() {
  return <FormPage definition={checkInNoticeSmall} />
}
