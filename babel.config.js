// babel-preset-taro; NutUI components (with their CSS) and icons are imported one module each,
// so a page's chunk holds only what it uses (NutUI's module paths are lower-case, so the name is lower-cased for the module and its CSS).
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
  plugins: [
    [
      'import',
      {
        libraryName: '@nutui/nutui-react-taro',
        libraryDirectory: 'dist/es/packages',
        camel2DashComponentName: false,
        customName: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}`,
        customStyleName: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}/style/css`,
      },
      'nutui-react-taro',
    ],
    // Through the package index every icon the app uses lands in one concatenated module (and
    // so in every page that shows any icon); one file per icon keeps each with its pages.
    [
      'import',
      {
        libraryName: '@nutui/icons-react-taro',
        camel2DashComponentName: false,
        customName: (name) => `@nutui/icons-react-taro/dist/es/icons/${name}`,
      },
      'nutui-icons-react-taro',
    ],
  ],
}
