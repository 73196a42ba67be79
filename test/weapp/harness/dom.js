// The rendered tree of the simulator, as jsdom holds it: selectors, attributes and events of the
// mini program's elements.
const exparser = require('miniprogram-exparser')

// The simulator prefixes the classes of a component's tree with its tag ('main--login__submit')
// and keeps ids on its own nodes only: a selector is translated, and ids are copied to the DOM.
const PREFIXES = ['main', 'comp', 'custom-wrapper']
function translate(selector) {
  return selector.replace(
    /\.(-?[A-Za-z_][\w-]*)/g,
    (_, name) => `:is(${[name, ...PREFIXES.map((p) => `${p}--${name}`)].map((c) => `.${c}`).join(', ')})`,
  )
}
function syncIds(root) {
  for (const el of root.querySelectorAll('*')) {
    const id = el.__wxElement?.id
    if (id && el.id !== id) el.id = id
  }
}
function queryDom(root, selector, all) {
  if (!root) return all ? [] : null
  if (selector.includes('#')) syncIds(root)
  const css = translate(selector)
  return all ? [...root.querySelectorAll(css)] : root.querySelector(css)
}

function wxElementOf(element) {
  let el = element
  while (el && !el.__wxElement) el = el.parentNode
  if (!el) throw new Error('no mini program element behind this DOM node')
  return el.__wxElement
}

/** An attribute of a mini program element as the page last set it (an input's value). */
function attr(element, name) {
  const found = element && wxElementOf(element)._vt?.attrs.find((a) => a.name === name)
  return found ? found.value : undefined
}

/** Fires a mini program event on an element (bubbling, as WeChat does). */
function fire(element, name, detail = {}, extra = {}) {
  exparser.Event.dispatchEvent(
    wxElementOf(element),
    exparser.Event.create(name, detail, {
      bubbles: true,
      capturePhase: true,
      composed: true,
      extraFields: { touches: [], changedTouches: [], ...extra },
    }),
  )
}

module.exports = { queryDom, attr, fire }
