import { FormPage } from '@/features/forms'
import { checkInNoticeMonth } from '@yuezi/contract/forms/definitions/checkInNotice'

/** 月子入住通知单 (is_month true): one per customer, reopened for editing. */
export default function Page() {
  return <FormPage definition={checkInNoticeMonth} />
}
