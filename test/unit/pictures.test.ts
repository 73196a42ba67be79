import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

// The H5 app may load pictures only from its own server (the content security policy's img-src),
// and the mini program only from its trusted domains: every picture ships with the app.
const SRC = path.resolve(__dirname, '../../src')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? files(full) : /\.(tsx?|scss|html)$/.test(name) ? [full] : []
  })
}

/** Pages the app opens for the user (a link followed, never something a page loads). */
const OPENED = [
  // The map pages' "open in a map app": Amap's web page for a point.
  'https://uri.amap.com/marker?',
]

const sources = files(SRC).map((file) => ({ file: path.relative(SRC, file), text: readFileSync(file, 'utf8') }))

describe('pictures', () => {
  it("only the shared empty state uses NutUI's Empty (whose default picture is on a CDN)", () => {
    const users = sources.filter(({ text }) =>
      /import\s*\{[^}]*\bEmpty\b[^}]*\}\s*from\s*'@nutui\/nutui-react-taro'/.test(text),
    )
    expect(users.map(({ file }) => file)).toEqual(['components/EmptyState/index.tsx'])
  })

  it('no source names a picture, script, style or font on another host', () => {
    const remote = sources.flatMap(({ file, text }) =>
      (text.match(/https?:\/\/[^\s'"`)]+/g) ?? [])
        .filter((url) => !OPENED.some((page) => url.startsWith(page)))
        .map((url) => `${file}: ${url}`),
    )
    expect(remote).toEqual([])
  })
})
