import Taro from '@tarojs/taro'

/** Shows photos full screen, from `current`, swiping through `urls`. */
export const previewImage = (current: string, urls: string[]) => Taro.previewImage({ current, urls })
