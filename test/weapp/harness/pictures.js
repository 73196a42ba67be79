// On a phone the mini program shows pictures only from its trusted domains (its own server): a
// page that names a picture on any other host shows it broken there, so the test fails.
const { errors } = require('./errors')
const { attr } = require('./dom')
const { SERVER_URL, calls, hasOrigin } = require('./network')

const IMAGE_TAGS = 'wx-image, wx-cover-image'
const STYLE_URL = /url\(\s*['"]?(https?:[^'")\s]+)/g

/** Notes every picture of a rendered page (an image's src, a style's url()) on another host. */
function checkPictures(entry) {
  const root = entry?.page.dom
  if (!root) return
  const own = new Set([SERVER_URL, ...calls.map((c) => c.url)].filter(hasOrigin).map((url) => new URL(url).origin))
  const sources = [...root.querySelectorAll(IMAGE_TAGS)].map((el) => attr(el, 'src'))
  for (const el of root.querySelectorAll('*')) {
    const style = `${el.getAttribute('style') ?? ''} ${el.__wxElement?._vt?.attrs.find((a) => a.name === 'style')?.value ?? ''}`
    sources.push(...[...style.matchAll(STYLE_URL)].map((match) => match[1]))
  }
  for (const url of sources) {
    if (hasOrigin(url) && !own.has(new URL(url).origin)) errors.push(`remote picture on ${entry.route}: ${url}`)
  }
}

module.exports = { checkPictures }
