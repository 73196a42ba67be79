import { CheckInNotice } from '@/features/checkInNotice'
import { checkInNoticeMonth } from '@yuezi/contract/forms/definitions/checkInNotice'

/** 月子入住通知单 (is_month true): one per customer, reopened for editing; a new arrival is admitted with it. */
export default function Page() {
  return <CheckInNotice definition={checkInNoticeMonth} kind="month" />
}
