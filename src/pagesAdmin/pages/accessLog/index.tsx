import { AccessLog } from '@/features/admin'

/** 查阅记录: who opened a customer's records that hold her ID number, photos or signatures. */
export default function Page() {
  return <AccessLog />
}
