// The administration feature as pages see it. Re-exports only, so that the bundler leaves out of a
// page whatever the page does not use.
export { default as AccessLog } from './components/AccessLog'
export { default as AdminHome } from './components/AdminHome'
export { default as ImportSheet } from './components/ImportSheet'
