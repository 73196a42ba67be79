import zh from '../../../../locales/admin/zh-CN.json'
import { listPageConfig } from '../../../features/pageConfig'

export default definePageConfig(listPageConfig(zh['import.title']))
