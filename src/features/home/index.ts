// The home feature as pages see it.
export { default as EntryGrid } from './EntryGrid'
