/**
 * Where popups render. On H5 each page is a stacking context below the tab
 * bar, so a popup inside it would slide under the tab bar: render it into the
 * body instead. In the mini program the tab bar is native, outside the page.
 */
export const popupPortal = process.env.TARO_ENV === 'h5' ? () => document.body : null
