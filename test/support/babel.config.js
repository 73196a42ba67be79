// The app's own babel setup (Taro preset, NutUI on demand), with modules turned into CommonJS for jest.
const app = require('../../babel.config.js')

module.exports = { ...app, plugins: [...app.plugins, '@babel/plugin-transform-modules-commonjs'] }
