// Her file's own words, and of the forms' words the forms' titles and the orders' statuses that her
// timeline shows. Imported by her file's page only, so on weapp they ship in the pagesCustomer subpackage.
import { addMessages } from '@/i18n'
import formsZhCN from '../../../locales/forms/zh-CN.json'
import formsEn from '../../../locales/forms/en.json'
import zhCN from '../../../locales/customer/zh-CN.json'
import en from '../../../locales/customer/en.json'

const NEEDED = ['form.title.', 'stock.status.', 'recordList.']
const needed = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => NEEDED.some((prefix) => key.startsWith(prefix))))

addMessages({ 'zh-CN': { ...needed(formsZhCN), ...zhCN }, en: { ...needed(formsEn), ...en } })
