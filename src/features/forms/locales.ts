// The forms' labels, options and rule messages (the server reads the same files).
// Imported by the form pages only, so on weapp they ship in the pagesHome subpackage.
import { addMessages } from '@/i18n'
import zhCN from '../../../locales/forms/zh-CN.json'
import en from '../../../locales/forms/en.json'

addMessages({ 'zh-CN': zhCN, en })
