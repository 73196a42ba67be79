import Taro from '@tarojs/taro'

/** Opens the album or the camera to choose photos. */
export const chooseImage = (options: Taro.chooseImage.Option) => Taro.chooseImage(options)
