import zh from '../../../../locales/customer/zh-CN.json'

export default definePageConfig({ navigationBarTitleText: zh['stay.title'] })
