// The mini program's photo viewer is WeChat's own: nothing to load.
export { previewImage } from './photoViewer'
