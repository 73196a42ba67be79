// The stock feature as pages see it. Re-exports only, so that the bundler leaves out of a page
// whatever the page does not use.
export {
  GiftCollectionForm,
  InboundForm,
  OutApplyGeneralForm,
  OutApplyGiftForm,
  SpecialCareForm,
} from './components/StockForms'
export { default as StockOrderList } from './components/StockOrderList'
export { default as StockLevels } from './components/StockLevels'
