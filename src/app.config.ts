import zh from '../locales/zh-CN.json'
import { pagesHomePages } from './features/registry'
import {
  DEVICES_PAGE,
  ADMIN_PAGES,
  CUSTOMER_PAGES,
  DESK_PAGES,
  HOME_PAGE,
  MAIN_PAGES,
  MAP_PAGES,
  MAP_PAGES_ROOT,
  PAGES_ACCOUNT_ROOT,
  PAGES_ADMIN_ROOT,
  PAGES_CUSTOMER_ROOT,
  PAGES_DESK_ROOT,
  PAGES_HOME_ROOT,
  PERSONAL_CENTRE_PAGE,
  pagePath,
} from './routes'

// The map pages exist on H5 only (the mini program opens WeChat's own), and the map's code must
// never reach the mini program.
const mapPages =
  process.env.TARO_ENV === 'h5'
    ? [
        {
          root: pagePath(MAP_PAGES_ROOT),
          pages: Object.keys(MAP_PAGES).map((route) => pagePath(route, MAP_PAGES_ROOT)),
        },
      ]
    : []

// The pages come from routes.ts and features/registry.ts. Titles here are the Chinese
// defaults; pages set the title of the chosen language at runtime.
export default defineAppConfig({
  entryPagePath: pagePath(HOME_PAGE),
  // WeChat injects only the components a page renders, not every one the package declares.
  lazyCodeLoading: 'requiredComponents',
  pages: MAIN_PAGES.map((route) => pagePath(route)),
  subPackages: [
    { root: pagePath(PAGES_HOME_ROOT), pages: pagesHomePages() },
    { root: pagePath(PAGES_ACCOUNT_ROOT), pages: [pagePath(DEVICES_PAGE, PAGES_ACCOUNT_ROOT)] },
    { root: pagePath(PAGES_ADMIN_ROOT), pages: ADMIN_PAGES.map((route) => pagePath(route, PAGES_ADMIN_ROOT)) },
    {
      root: pagePath(PAGES_CUSTOMER_ROOT),
      pages: CUSTOMER_PAGES.map((route) => pagePath(route, PAGES_CUSTOMER_ROOT)),
    },
    { root: pagePath(PAGES_DESK_ROOT), pages: DESK_PAGES.map((route) => pagePath(route, PAGES_DESK_ROOT)) },
    ...mapPages,
  ],
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: zh['app.name'],
    navigationBarTextStyle: 'black',
    backgroundColor: '#f5f6f7',
  },
  // WeChat's map picker (a ward round's sign-in location) needs these declared; H5 has its own map page.
  ...(process.env.TARO_ENV === 'weapp'
    ? {
        requiredPrivateInfos: ['chooseLocation'],
        permission: { 'scope.userLocation': { desc: zh['app.locationPurpose'] } },
      }
    : {}),
  tabBar: {
    color: '#8a8f99',
    selectedColor: '#e8627a',
    backgroundColor: '#ffffff',
    borderStyle: 'white',
    list: [
      {
        pagePath: pagePath(HOME_PAGE),
        text: zh['tab.home'],
        iconPath: 'assets/tabbar/home.png',
        selectedIconPath: 'assets/tabbar/home-active.png',
      },
      {
        pagePath: pagePath(PERSONAL_CENTRE_PAGE),
        text: zh['tab.mine'],
        iconPath: 'assets/tabbar/mine.png',
        selectedIconPath: 'assets/tabbar/mine-active.png',
      },
    ],
  },
})
