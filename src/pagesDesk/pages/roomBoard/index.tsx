import { RoomBoard } from '@/features/desk'

/** 房态: the site's rooms by floor, from the home screen. */
export default function Page() {
  return <RoomBoard />
}
