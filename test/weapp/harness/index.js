// Loads the compiled mini program into miniprogram-simulate and lets a test use it as a person
// does: the app and its page stack (pages), the tree a test reads and drives (dom, driver), and
// what WeChat gives a page beside it, each a stand-in that behaves as WeChat does: the network to
// the suite's real server, storage, the files on the phone, what WeChat draws itself (ui), its map
// pages, the update manager and a real canvas. Any uncaught error fails the test (errors), and so
// does a picture from another host (pictures). What the simulator cannot do as WeChat does is said
// where it is stood in for.
const simulate = require('miniprogram-simulate')
const { takeErrors } = require('./errors')
const { storage } = require('./storage')
const { SERVER_URL, calls, network, hasOrigin, setNetwork } = require('./network')
const { TEMP_DIR, chooser } = require('./files')
const { DIST, launchApp, openPage, top, topRoute, stack, readAppJson, setDataOf } = require('./pages')
const { ui, back, tapTab } = require('./ui')
const { location } = require('./map')
const { updateManager } = require('./updates')
const { canvasNodeOf } = require('./canvas')
const { attr, fire } = require('./dom')
const { waitFor, waitForPage, settled, $, $$, byText, textOf, tap, type, stroke } = require('./driver')

module.exports = {
  location,
  DIST,
  SERVER_URL,
  simulate,
  launchApp,
  openPage,
  back,
  tapTab,
  top,
  topRoute,
  stack,
  waitFor,
  waitForPage,
  settled,
  $,
  $$,
  byText,
  textOf,
  tap,
  type,
  fire,
  attr,
  stroke,
  readAppJson,
  setDataOf,
  storage,
  calls,
  ui,
  network,
  setNetwork,
  updateManager,
  takeErrors,
  canvasNodeOf,
  TEMP_DIR,
  chooser,
  hasOrigin,
}
