// The forms feature as pages and other features see it. Re-exports only, with no effects of their
// own, so that the bundler leaves out of a page whatever the page does not use.
export type { SaveFormBody } from './api/formRecords'
export { default as CheckInNoticeList } from './components/CheckInNoticeList'
export { default as CheckNotice } from './components/CheckNotice'
export { default as FormPage } from './components/FormPage'
export { default as FormRenderer } from './components/FormRenderer'
export { default as LeavingVisitors } from './components/LeavingVisitors'
export { formOptionsStore } from './stores/formOptions'
export { reportSave, type FormPageOptions } from './stores/formPage'
export { FormSession } from './stores/formSession'
export { openFormStore } from './stores/openForm'
export { correctionOf } from './stores/checkInNotice'
export { timeText } from './summary'
