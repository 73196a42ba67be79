import zh from '../../../locales/location/zh-CN.json'

export default definePageConfig({ navigationBarTitleText: zh['location.openTitle'] })
