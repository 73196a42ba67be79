// jest for the app: unit tests (api, stores, utils, i18n) and component tests
// of pages on the H5 runtime in jsdom.
// The runtime here is H5's. Set before babel runs: Taro's preset inlines
// process.env.TARO_ENV into the compiled code, as the real build does.
process.env.TARO_ENV = 'h5'

const esmPackages = [
  '@tarojs',
  '@nutui',
  'taro-i18n',
  '@stencil',
  'swiper',
  'ssr-window',
  'dom7',
  'lodash-es',
  'history',
  'query-string',
  'decode-uri-component',
  'split-on-first',
  'filter-obj',
  'mobx-react-lite',
  'mobx',
  '@babel/runtime',
  'nanoid',
  'ics',
]

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/test/unit/**/*.test.[jt]s?(x)', '<rootDir>/test/components/**/*.test.[jt]s?(x)'],
  setupFiles: ['<rootDir>/test/support/setup.js'],
  setupFilesAfterEnv: ['<rootDir>/test/support/unexpectedCalls.ts'],
  transform: {
    '^.+\\.(m?[jt]sx?)$': ['babel-jest', { configFile: require.resolve('./test/support/babel.config.js') }],
  },
  // Only the first node_modules segment decides: ESM copies nested inside an allowed package are compiled too.
  transformIgnorePatterns: [`^(?:(?!/node_modules/).)*/node_modules/(?!(${esmPackages.join('|')})/)`],
  // The contract's relative imports name .ts files as '.js' (Node's ESM style): tried as .ts when no .js exists.
  resolver: '<rootDir>/test/support/resolver.js',
  moduleNameMapper: {
    '^@tarojs/taro$': '<rootDir>/test/support/taro.js',
    '^@tarojs/components$': '@tarojs/components/lib/react',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@locales/(.*)$': '<rootDir>/locales/$1',
    '^@yuezi/contract/(.*)$': '<rootDir>/packages/contract/$1',
    '\\.(css|scss)$': '<rootDir>/test/support/style.js',
    '\\.(png|jpe?g|gif|svg)$': '<rootDir>/test/support/file.js',
  },
  globals: {
    ENABLE_INNER_HTML: true,
    ENABLE_ADJACENT_HTML: true,
    ENABLE_SIZE_APIS: true,
    ENABLE_TEMPLATE_CONTENT: true,
    ENABLE_CLONE_NODE: true,
    ENABLE_CONTAINS: true,
    ENABLE_MUTATION_OBSERVER: true,
    DEPRECATED_ADAPTER_COMPONENT: false,
  },
}
