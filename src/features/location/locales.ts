// The map pages' strings. Imported by those pages only: they are H5's, so the mini program never
// carries them.
import { addMessages } from '@/i18n'
import zhCN from '../../../locales/location/zh-CN.json'
import en from '../../../locales/location/en.json'

addMessages({ 'zh-CN': zhCN, en })
