// The check-in rules (入住须知) as pages see them. Re-exports only, so that the bundler leaves out of
// a page whatever the page does not use.
export { default as CheckNotice } from './components/CheckNotice'
