// The mini program has the picker in its package already: nothing to load.
export { default } from './index'
