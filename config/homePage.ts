// The page the app opens on. It lives here, re-exported by src/routes.ts, for the same reason as
// the map pages (mapPages.ts): the build config lists the home page's files under '/' too.
export const HOME_PAGE = '/pages/tabPages/index'
