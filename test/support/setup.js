// The build defines the target; the runtime here is H5's.
process.env.TARO_ENV = 'h5'

// Taro's H5 runtime expects these browser pieces.
window.scrollTo = () => {}
if (!window.matchMedia) {
  window.matchMedia = () => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })
}
