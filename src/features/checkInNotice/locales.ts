// The check-in notices' own words. Imported by the notice pages only.
import { addMessages } from '@/i18n'
import zhCN from '../../../locales/notice/zh-CN.json'
import en from '../../../locales/notice/en.json'

addMessages({ 'zh-CN': zhCN, en })
