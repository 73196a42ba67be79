// The administration pages' words, and the forms' titles, which the access log names records by,
// and the words of the record list it shows them in. Imported by the administration pages only, so
// on weapp they ship in the pagesAdmin subpackage.
import { addMessages } from '@/i18n'
import adminZhCN from '../../../locales/admin/zh-CN.json'
import adminEn from '../../../locales/admin/en.json'
import zhCN from '../../../locales/forms/zh-CN.json'
import en from '../../../locales/forms/en.json'

const NEEDED = ['form.title.', 'recordList.']
const needed = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => NEEDED.some((prefix) => key.startsWith(prefix))))

addMessages({ 'zh-CN': { ...needed(zhCN), ...adminZhCN }, en: { ...needed(en), ...adminEn } })
