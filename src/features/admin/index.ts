// The administration feature as pages see it. Re-exports only, so that the bundler leaves out of a
// page whatever the page does not use.
export { default as AccessLog } from './components/AccessLog'
export { default as AdminHome } from './components/AdminHome'
export { default as Centre } from './components/Centre'
export { default as StaffEdit } from './components/StaffEdit'
export { default as StaffList } from './components/StaffList'
export { default as MasterEdit } from './components/MasterEdit'
export { default as MasterList } from './components/MasterList'
export { useMasterKind } from './components/useMasterKind'
export { default as ImportSheet } from './components/ImportSheet'
