import zh from '../locales/zh-CN.json'

// Routes are fixed by the seed (typos included). Titles here are the Chinese
// defaults; pages set the title of the chosen language at runtime.
export default defineAppConfig({
  entryPagePath: 'pages/tabPages/index',
  // WeChat injects only the components a page renders, not every one the package declares.
  lazyCodeLoading: 'requiredComponents',
  pages: [
    'pages/tabPages/index',
    'pages/tabPages/personalCenter',
    'pages/login/index',
    'pages/modifyPwd/index',
    'pages/notFound/index',
    'pages/webView/index',
    'uni_modules/rt-uni-update/components/rt-uni-update/rt-uni-update',
  ],
  subPackages: [
    {
      root: 'pagesHome',
      pages: [
        'pages/form/chooseDate',
        'pages/form/Pediatricianrounds/form',
        'pages/form/Obstetricianrounds/form',
        'pages/checkNotice',
        'pages/form/ProofofLostReceipt/form',
        'pages/form/visit/form',
        'pages/form/familyFood/form',
        'pages/form/checkInNotice/yz/form',
        'pages/form/checkInNotice/yzSmall/form',
        'pages/form/checkInNotice/index',
        'pages/form/linliao/index',
        'pages/form/linliao/commom/form',
        'pages/form/linliao/dcb/form',
        'pages/form/checkInGift/index',
        'pages/form/checkInGift/form',
        'pages/form/Selffundeditemconsumptiontable/index',
        'pages/form/Selffundeditemconsumptiontable/form',
      ],
    },
  ],
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: zh['app.name'],
    navigationBarTextStyle: 'black',
    backgroundColor: '#f5f6f7',
  },
  tabBar: {
    color: '#8a8f99',
    selectedColor: '#e8627a',
    backgroundColor: '#ffffff',
    borderStyle: 'white',
    list: [
      {
        pagePath: 'pages/tabPages/index',
        text: zh['tab.home'],
        iconPath: 'assets/tabbar/home.png',
        selectedIconPath: 'assets/tabbar/home-active.png',
      },
      {
        pagePath: 'pages/tabPages/personalCenter',
        text: zh['tab.mine'],
        iconPath: 'assets/tabbar/mine.png',
        selectedIconPath: 'assets/tabbar/mine-active.png',
      },
    ],
  },
})
