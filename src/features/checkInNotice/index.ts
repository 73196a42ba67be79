// The check-in notices (月子 and 小月子) and their records' list as pages and other features see
// them. Re-exports only, so that the bundler leaves out of a page whatever the page does not use.
export { default as CheckInNotice } from './components/CheckInNotice'
export { default as CheckInNoticeList } from './components/CheckInNoticeList'
export { correctionOf } from './stores/checkInNotice'
