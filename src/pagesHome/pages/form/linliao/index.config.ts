import zh from '../../../../../locales/forms/zh-CN.json'

export default definePageConfig({
  navigationBarTitleText: zh['stock.outboundList.title'],
  enablePullDownRefresh: true,
  onReachBottomDistance: 120,
})
