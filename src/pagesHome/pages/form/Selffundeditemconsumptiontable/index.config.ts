import zh from '../../../../../locales/forms/zh-CN.json'

export default definePageConfig({
  navigationBarTitleText: zh['stock.selfPaidList.title'],
  enablePullDownRefresh: true,
  onReachBottomDistance: 120,
})
