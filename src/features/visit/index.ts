// The visit register's own part as its page sees it: visitors still inside, signed out with a tap.
// Re-exports only, so that the bundler leaves out of a page whatever the page does not use.
export { default as LeavingVisitors } from './components/LeavingVisitors'
