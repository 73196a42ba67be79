// Canvas 2D: the simulator's canvas node is a real @napi-rs/canvas, saved as a picture through
// canvasToTempFilePath and found through a selector query.
const path = require('path')
const fs = require('fs')
const { settle, fail, later } = require('./callbacks')
const { TEMP_DIR } = require('./files')
const { queryDom } = require('./dom')
const { top } = require('./pages')

let napiCanvas = null
function napi() {
  napiCanvas ||= require('@napi-rs/canvas')
  return napiCanvas
}
/** The size a canvas is laid out at (jsdom has no layout): a phone-width signature pad. */
const CANVAS_LAYOUT = { width: 343, height: 200 }
const canvasNodes = new WeakMap()

/** The node WeChat hands out for a `<canvas type="2d">`: width/height and a real 2d context. */
function canvasNodeOf(element) {
  if (canvasNodes.has(element)) return canvasNodes.get(element)
  const real = napi().createCanvas(300, 150)
  const node = {
    _real: real,
    get width() {
      return real.width
    },
    set width(value) {
      real.width = Math.round(value)
    },
    get height() {
      return real.height
    },
    set height(value) {
      real.height = Math.round(value)
    },
    getContext: (type) => (type === '2d' ? real.getContext('2d') : null),
    createImage: () => new (napi().Image)(),
    requestAnimationFrame: (cb) => setTimeout(() => cb(Date.now()), 16),
    cancelAnimationFrame: (id) => clearTimeout(id),
    toDataURL: (type) => real.toDataURL(type),
  }
  canvasNodes.set(element, node)
  return node
}

let tempCount = 0
wx.canvasToTempFilePath = (options) => {
  const node = options.canvas
  if (!node?._real) return later(() => fail(options, 'canvasToTempFilePath:fail canvas is empty'))
  const name = `canvas-${Date.now()}-${++tempCount}.${options.fileType === 'jpg' ? 'jpg' : 'png'}`
  const buffer = node._real.toBuffer(options.fileType === 'jpg' ? 'image/jpeg' : 'image/png')
  fs.writeFileSync(path.join(TEMP_DIR, name), buffer)
  later(() => settle(options, { tempFilePath: `wxfile://${name}`, errMsg: 'canvasToTempFilePath:ok' }))
}

/**
 * A selector query over the top page's rendered tree. jsdom lays nothing out, so a rect is the
 * canvas's layout size for a canvas and zero otherwise.
 */
function createSelectorQuery() {
  const commands = []
  const find = (selector, all) => queryDom(top()?.page.dom, selector, all)
  const describe = (element, fields) => {
    if (!element) return null
    const isCanvas = element.tagName.toLowerCase() === 'wx-canvas' || element.getAttribute('type') === '2d'
    const size = isCanvas ? CANVAS_LAYOUT : { width: 0, height: 0 }
    const out = {}
    if (fields.id) out.id = element.id
    if (fields.dataset) out.dataset = { ...element.dataset }
    if (fields.rect || fields.size) Object.assign(out, { left: 0, top: 0, right: size.width, bottom: size.height })
    if (fields.size || fields.rect) Object.assign(out, size)
    if (fields.node) out.node = isCanvas ? canvasNodeOf(element) : null
    return out
  }
  const nodesRef = (selector, all) => {
    const add = (fields, cb) => {
      commands.push({ selector, all, fields, cb })
      return query
    }
    return {
      fields: (fields, cb) => add(fields, cb),
      boundingClientRect: (cb) => add({ id: true, dataset: true, rect: true, size: true }, cb),
      scrollOffset: (cb) => add({ id: true, dataset: true, scrollOffset: true }, cb),
      node: (cb) => add({ node: true }, cb),
      context: (cb) => add({ context: true }, cb),
    }
  }
  const query = {
    in: () => query,
    select: (selector) => nodesRef(selector, false),
    selectAll: (selector) => nodesRef(selector, true),
    selectViewport: () => nodesRef(null, false),
    exec(cb) {
      later(() => {
        const results = commands.map(({ selector, all, fields, cb: each }) => {
          let result
          if (selector === null) result = { scrollTop: 0, scrollLeft: 0, width: 375, height: 812 }
          else if (all) result = find(selector, true).map((el) => describe(el, fields))
          else result = describe(find(selector, false), fields)
          each?.(result)
          return result
        })
        cb?.(results)
      })
      return query
    },
  }
  return query
}
wx.createSelectorQuery = createSelectorQuery

module.exports = { canvasNodeOf }
