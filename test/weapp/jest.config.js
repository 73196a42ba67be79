// miniprogram-simulate on the compiled mini program (DIST_DIR/weapp, built first with an absolute
// TARO_APP_API_BASE), talking to the real API server that globalSetup starts once for the suite.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/**/*.test.js'],
  // The compiled app runs as built; only the form definitions (packages/contract, TypeScript) that
  // the care forms' test data derives from are compiled, with the unit tests' babel setup.
  transform: { '\\.ts$': ['babel-jest', { configFile: require.resolve('../support/babel.config.js') }] },
  resolver: '<rootDir>/../support/resolver.js',
  testTimeout: 60000,
  globalSetup: '<rootDir>/globalSetup.js',
  globalTeardown: '<rootDir>/globalTeardown.js',
  // The files share one server (and its data): one file at a time keeps them from racing.
  maxWorkers: 1,
}
