import zh from '../../../../locales/zh-CN.json'

export default definePageConfig({ navigationBarTitleText: zh['master.title'] })
