// The administration pages' own words (their forms' labels among them), and of the forms' words
// those the pages use: the forms' titles and the record list's (the access log) and the form
// engine's. Imported by the administration pages only, so on weapp they ship in the pagesAdmin
// subpackage.
import { addMessages } from '@/i18n'
import zhCN from '../../../locales/forms/zh-CN.json'
import en from '../../../locales/forms/en.json'
import adminZhCN from '../../../locales/admin/zh-CN.json'
import adminEn from '../../../locales/admin/en.json'

const NEEDED = ['form.', 'formUi.', 'stock.', 'recordList.']
const needed = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => NEEDED.some((prefix) => key.startsWith(prefix))))

addMessages({ 'zh-CN': { ...needed(zhCN), ...adminZhCN }, en: { ...needed(en), ...adminEn } })
