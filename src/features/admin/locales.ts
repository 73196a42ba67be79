// The forms' titles, which the access log names records by, and the words of the record list it
// shows them in; the forms' labels, rules and choices that the master-data forms are drawn with.
// Imported by the administration pages only, so on weapp they ship in the pagesAdmin subpackage.
import { addMessages } from '@/i18n'
import zhCN from '../../../locales/forms/zh-CN.json'
import en from '../../../locales/forms/en.json'

const NEEDED = ['form.', 'formUi.', 'stock.', 'master.', 'recordList.']
const needed = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => NEEDED.some((prefix) => key.startsWith(prefix))))

addMessages({ 'zh-CN': needed(zhCN), en: needed(en) })
