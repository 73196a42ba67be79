// The forms' titles, which the access log names records by. Imported by the administration pages
// only, so on weapp they ship in the pagesAdmin subpackage.
import { addMessages } from '@/i18n'
import zhCN from '../../../locales/forms/zh-CN.json'
import en from '../../../locales/forms/en.json'

const titles = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => key.startsWith('form.title.')))

addMessages({ 'zh-CN': titles(zhCN), en: titles(en) })
