// The front desk's pages as the pages see them. Re-exports only, so that the bundler leaves out of
// a page whatever the page does not use.
export { default as RoomBoard } from './components/RoomBoard'
