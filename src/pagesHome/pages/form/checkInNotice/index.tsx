import { CheckInNoticeList } from '@/features/checkInNotice'

/** 入住通知单记录: the check-in notices of both kinds. */
export default function Page() {
  return <CheckInNoticeList />
}
