// H5's own pages (the mini program uses WeChat's): a place picked, a place shown, a PDF viewed. They live here,
// re-exported by src/routes.ts, because the build config maps their short paths and Taro compiles
// only this folder when it reads the config. Plain JavaScript (no type annotations): the app's
// build, which also bundles this file, compiles TypeScript only inside src.

export const CHOOSE_LOCATION_PAGE = '/choose-location'
export const OPEN_LOCATION_PAGE = '/open-location'
/** A PDF the server made, shown inside the app where no tab can be opened: the way back returns to the record as it was. */
export const PDF_VIEWER_PAGE = '/pdf'
/** H5 only: the map pages' own subpackage, so that the map's code loads with them alone. */
export const MAP_PAGES_ROOT = '/pagesMap'
/** Each map page's file, and the path the browser shows for it (the H5 router's custom routes). */
export const MAP_PAGES = {
  [`${MAP_PAGES_ROOT}/chooseLocation/index`]: CHOOSE_LOCATION_PAGE,
  [`${MAP_PAGES_ROOT}/openLocation/index`]: OPEN_LOCATION_PAGE,
  [`${MAP_PAGES_ROOT}/pdfViewer/index`]: PDF_VIEWER_PAGE,
}
