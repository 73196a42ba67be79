// Taro's H5 runtime expects these browser pieces.
window.scrollTo = () => {}
if (!window.matchMedia) {
  window.matchMedia = () => ({
    matches: false,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
  })
}
