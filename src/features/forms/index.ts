// The form engine as pages and other features see it: the form page, the renderer and its pieces,
// sessions, drafts and the form records' calls. Re-exports only, with no effects of their own, so
// that the bundler leaves out of a page whatever the page does not use.
export {
  delFormRecord,
  getFormRecord,
  getFormRecordCount,
  getFormRecordInfo,
  saveForm,
  type SaveFormBody,
} from './api/formRecords'
export { formRecordExport, formRecordPdf } from './api/formFiles'
export { assetUrl } from './assetUrl'
export { default as FormPage } from './components/FormPage'
export { default as FormRenderer } from './components/FormRenderer'
export { default as FormHeader } from './components/FormPage/FormHeader'
export { default as RecordsPopup } from './components/FormPage/RecordsPopup'
export { default as SaveBar } from './components/FormPage/SaveBar'
export { newRequestId } from './stores/draft'
export { formOptionsStore } from './stores/formOptions'
export { careRecords, reportSave, type FormPageOptions, type FormPageStore } from './stores/formPage'
export { FormSession } from './stores/formSession'
export { openFormStore } from './stores/openForm'
export { sessionCustomer } from './stores/openSession'
export { RecordHistory } from './stores/recordHistory'
export { timeText } from './summary'
export { useLeaveConfirm } from './useLeaveConfirm'
