// Driving pages as a person does: finding what the top page shows, tapping, typing, drawing, and
// waiting for the runtime (it renders asynchronously) and the network to settle.
const simulate = require('miniprogram-simulate')
const { queryDom, fire } = require('./dom')
const { calls } = require('./network')
const { top, topRoute } = require('./pages')

/** Polls until check() returns a truthy value (the runtime renders asynchronously). */
async function waitFor(check, { timeout = 10000, interval = 20, what = '' } = {}) {
  const start = Date.now()
  let lastError
  for (;;) {
    try {
      const value = check()
      if (value) return value
    } catch (error) {
      lastError = error
    }
    if (Date.now() - start > timeout) {
      throw new Error(`waitFor timed out${what ? `: ${what}` : ''}${lastError ? ` (${lastError.message})` : ''}`)
    }
    await simulate.sleep(interval)
  }
}

/** Waits until every call sent so far has its answer, and none came for a short while. */
async function settled({ timeout = 15000, quiet = 150 } = {}) {
  let since = Date.now()
  let count = calls.length
  await waitFor(
    () => {
      if (calls.length !== count || calls.some((c) => !c.done)) {
        count = calls.length
        since = Date.now()
        return false
      }
      return Date.now() - since >= quiet
    },
    { timeout, what: 'the network to settle' },
  )
}

/** Waits until `route` is on top and has rendered (something in its tree). */
async function waitForPage(route, { timeout = 10000 } = {}) {
  return waitFor(
    () => {
      const entry = top()
      return entry && entry.route === route.replace(/^\//, '') && entry.page.dom.textContent.trim().length > 0 && entry
    },
    { timeout, what: `page ${route} on top (top is ${topRoute()})` },
  )
}

/** The rendered element of the top page matching a CSS selector (jsdom; classes as in the source). */
const $ = (selector, root = top()?.page.dom) => queryDom(root, selector, false)
const $$ = (selector, root = top()?.page.dom) => queryDom(root, selector, true)
/** The innermost elements of the top page whose own text is `text` (exactly, trimmed). */
function byText(text, root = top()?.page.dom, selector = '*') {
  return [...(root?.querySelectorAll(selector) ?? [])].filter(
    (el) => el.textContent.trim() === text && ![...el.children].some((child) => child.textContent.trim() === text),
  )
}
/** The text of the top page (or an element). */
const textOf = (root = top()?.page.dom) => root?.textContent ?? ''

/** Taps an element (by element, or the first match of a selector on the top page). */
function tap(target) {
  const element = typeof target === 'string' ? $(target) : target
  if (!element) throw new Error(`tap: nothing matches ${target}`)
  fire(element, 'tap', { x: 1, y: 1 }, { touches: [], changedTouches: [{ x: 1, y: 1, clientX: 1, clientY: 1 }] })
}

/** Types into an input or textarea (input event, then blur as the keyboard closes). */
function type(target, value, { blur = true } = {}) {
  const element = typeof target === 'string' ? $(target) : target
  if (!element) throw new Error(`type: nothing matches ${target}`)
  fire(element, 'input', { value: String(value), cursor: String(value).length, keyCode: 0 })
  if (blur) fire(element, 'blur', { value: String(value) })
}

/** A touch stroke on a canvas: points in the canvas's own coordinates (x, y), as WeChat gives them. */
async function stroke(element, points) {
  const touch = ([x, y]) => ({ identifier: 0, x, y, clientX: x, clientY: y, pageX: x, pageY: y })
  fire(element, 'touchstart', {}, { touches: [touch(points[0])], changedTouches: [touch(points[0])] })
  await simulate.sleep(5)
  for (const point of points.slice(1)) {
    fire(element, 'touchmove', {}, { touches: [touch(point)], changedTouches: [touch(point)] })
    await simulate.sleep(5)
  }
  const last = points[points.length - 1]
  fire(element, 'touchend', {}, { touches: [], changedTouches: [touch(last)] })
}

module.exports = { waitFor, settled, waitForPage, $, $$, byText, textOf, tap, type, stroke }
