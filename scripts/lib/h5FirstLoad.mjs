// What a browser downloads to show one page of the H5 build on a cold start: the scripts and
// stylesheets of index.html, then the page's on-demand chunks (its own chunk and those it shares
// with other pages), as listed by the build in page-assets.json (config/pageAssets.ts).
import { readFileSync, existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import path from 'node:path'

// Written by the build: config/pageAssets.ts (PAGE_ASSETS_FILE there).
const PAGE_ASSETS_FILE = 'page-assets.json'

/** Files index.html loads itself, relative to the build folder. */
function initialFiles(html) {
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1])
  const styles = [...html.matchAll(/<link[^>]+href="([^"]+\.css)"/g)].map((m) => m[1])
  return [...scripts, ...styles].map((src) => src.replace(/^\//, ''))
}

/**
 * Bytes of a page's first load in the H5 build at `h5Dir` (e.g. dist/h5), for a route such as
 * 'pages/login/index': {js, css} raw, {jsGzip, cssGzip} each file gzipped as a server sends it,
 * and the files counted.
 */
export function h5FirstLoad(h5Dir, route) {
  const manifestPath = path.join(h5Dir, PAGE_ASSETS_FILE)
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build the H5 app first`)
  const pages = JSON.parse(readFileSync(manifestPath, 'utf8'))
  if (!pages[route]) throw new Error(`${route} is not a page of the H5 build (${PAGE_ASSETS_FILE})`)
  const files = [...new Set([...initialFiles(readFileSync(path.join(h5Dir, 'index.html'), 'utf8')), ...pages[route]])]
  const sizes = { js: 0, css: 0, jsGzip: 0, cssGzip: 0 }
  for (const file of files) {
    const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : null
    if (!kind) continue
    const bytes = readFileSync(path.join(h5Dir, file))
    sizes[kind] += bytes.length
    sizes[`${kind}Gzip`] += gzipSync(bytes).length
  }
  return { ...sizes, files }
}
