// H5's map pages (the mini program uses WeChat's own): a place picked, a place shown. Here rather
// than in src/routes.ts (which re-exports them) because the build config maps their short paths,
// and Taro compiles only this folder's TypeScript when it reads the config; plain JavaScript in a .ts file,
// because the app's build does not compile TypeScript outside src.

export const CHOOSE_LOCATION_PAGE = '/choose-location'
export const OPEN_LOCATION_PAGE = '/open-location'
/** H5 only: the map pages' own subpackage, so that the map's code loads with them alone. */
export const MAP_PAGES_ROOT = '/pagesMap'
/** Each map page's file, and the path the browser shows for it (the H5 router's custom routes). */
export const MAP_PAGES = {
  [`${MAP_PAGES_ROOT}/chooseLocation/index`]: CHOOSE_LOCATION_PAGE,
  [`${MAP_PAGES_ROOT}/openLocation/index`]: OPEN_LOCATION_PAGE,
}
