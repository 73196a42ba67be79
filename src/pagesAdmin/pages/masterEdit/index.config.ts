import zh from '../../../../locales/admin/zh-CN.json'

export default definePageConfig({ navigationBarTitleText: zh['master.title'] })
