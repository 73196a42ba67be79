// miniprogram-simulate on the compiled mini program (dist/weapp, built first by `npm run build:weapp`).
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/**/*.test.js'],
  transform: {},
  testTimeout: 30000,
}
