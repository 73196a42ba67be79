import zh from '../../../locales/zh-CN.json'

export default definePageConfig({
  navigationBarTitleText: zh['home.title'],
  navigationStyle: 'custom',
  enablePullDownRefresh: true,
})
