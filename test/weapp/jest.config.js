// miniprogram-simulate on the compiled mini program (DIST_DIR/weapp, built first with an absolute
// TARO_APP_API_BASE), talking to the real API server that globalSetup starts once for the suite.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/**/*.test.js'],
  transform: {},
  testTimeout: 60000,
  globalSetup: '<rootDir>/globalSetup.js',
  globalTeardown: '<rootDir>/globalTeardown.js',
  // The files share one server (and its data): one file at a time keeps them from racing.
  maxWorkers: 1,
}
