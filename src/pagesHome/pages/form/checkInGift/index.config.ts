import zh from '../../../../../locales/forms/zh-CN.json'

export default definePageConfig({
  navigationBarTitleText: zh['stock.giftList.title'],
  enablePullDownRefresh: true,
  onReachBottomDistance: 120,
})
