import zh from '../../../../../locales/forms/zh-CN.json'

export default definePageConfig({
  navigationBarTitleText: zh['checkInList.title'],
  enablePullDownRefresh: true,
  onReachBottomDistance: 120,
})
