// The mini program's album and camera are WeChat's own: nothing to load.
export { chooseImage } from './photoPicker'
