import zh from '../../../../locales/desk/zh-CN.json'

export default definePageConfig({ navigationBarTitleText: zh['roomBoard.title'] })
