import zh from '../../../../locales/zh-CN.json'
import { listPageConfig } from '../../../features/pageConfig'

export default definePageConfig(listPageConfig(zh['deskDay.title']))
