// The administration pages' own words, and of the forms' words those the pages use: the forms'
// titles and the record list's (the access log), the form engine's, and the staff, centre and
// master-data forms'. Imported by the administration pages only, so on weapp they ship in the
// pagesAdmin subpackage.
import { addMessages } from '@/i18n'
import zhCN from '../../../locales/forms/zh-CN.json'
import en from '../../../locales/forms/en.json'
import adminZhCN from '../../../locales/admin/zh-CN.json'
import adminEn from '../../../locales/admin/en.json'

const NEEDED = ['form.', 'formUi.', 'stock.', 'master.', 'recordList.', 'adminForm.']
const needed = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => NEEDED.some((prefix) => key.startsWith(prefix))))

addMessages({ 'zh-CN': { ...needed(zhCN), ...adminZhCN }, en: { ...needed(en), ...adminEn } })
