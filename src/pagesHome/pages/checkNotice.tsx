import { CheckNotice } from '@/features/checkNotice'

/** 入住须知: the check-in rules, read, agreed and signed by the customer. */
export default function Page() {
  return <CheckNotice />
}
