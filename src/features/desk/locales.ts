// The desk's pages' own words. Imported by these pages only, so on weapp they ship in the pagesDesk subpackage.
import { addMessages } from '@/i18n'
import zhCN from '../../../locales/desk/zh-CN.json'
import en from '../../../locales/desk/en.json'

addMessages({ 'zh-CN': zhCN, en })
