import { CheckInNotice } from '@/features/checkInNotice'
import { checkInNoticeSmall } from '@yuezi/contract/forms/definitions/checkInNotice'

/** 小月子入住通知单 (is_month false): one per customer, reopened for editing; a new arrival is admitted with it. */
export default function Page() {
  return <CheckInNotice definition={checkInNoticeSmall} kind="small" />
}
