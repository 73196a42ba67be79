import type Taro from '@tarojs/taro'

// H5: the browser's photo picker brings a device-detection library (which reads the browser's
// user agent as it loads) that a form page needs only once photos are added, so it is
// loaded then.
export const chooseImage = (options: Taro.chooseImage.Option) =>
  import('./photoPicker').then(({ chooseImage: choose }) => choose(options))
