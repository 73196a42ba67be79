// The front desk's pages and home's card as the pages see them. Re-exports only, so that the
// bundler leaves out of a page whatever the page does not use.
export { default as DeskDay } from './components/DeskDay'
export { deskDayStore } from './stores/deskDay'
export { default as DeskDayList } from './components/DeskDayList'
export type { DeskBadge } from './stores/deskDay'
export { default as RoomBoard } from './components/RoomBoard'
