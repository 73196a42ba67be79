import zh from '../../../locales/forms/zh-CN.json'

export default definePageConfig({ navigationBarTitleText: zh['formUi.exportPdf'] })
