// The mothers' pages (admission, her stay, her file) as the pages see them. Re-exports only, so
// that the bundler leaves out of a page whatever the page does not use.
export { default as Admission } from './components/Admission'
export { default as CustomerEdit } from './components/CustomerEdit'
export { default as Stay } from './components/Stay'
export { default as CustomerFile } from './components/CustomerFile'
