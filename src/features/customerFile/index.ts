// Her file (客户档案) as pages see it. Re-exports only, so that the bundler leaves out of a page
// whatever the page does not use.
export { default as CustomerFile } from './components/CustomerFile'
