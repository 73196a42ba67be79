// The mothers' pages' own words, and of the forms' words those these pages use: the admission
// form's labels and the form engine's, and the forms' titles and orders' statuses of her timeline.
// Imported by these pages only, so on weapp they ship in the pagesCustomer subpackage.
import { addMessages } from '@/i18n'
import zhCN from '../../../locales/forms/zh-CN.json'
import en from '../../../locales/forms/en.json'
import customerZhCN from '../../../locales/customer/zh-CN.json'
import customerEn from '../../../locales/customer/en.json'

const NEEDED = ['form.', 'formUi.', 'stock.status.', 'recordList.']
const needed = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => NEEDED.some((prefix) => key.startsWith(prefix))))

addMessages({ 'zh-CN': { ...needed(zhCN), ...customerZhCN }, en: { ...needed(en), ...customerEn } })
