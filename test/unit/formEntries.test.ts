import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import zh from '@locales/zh-CN.json'
import en from '@locales/en.json'
import formsZh from '@locales/forms/zh-CN.json'
import formsEn from '@locales/forms/en.json'
import { ENTRY_ICONS } from '@/features/home/entryIcons'
import { ENTRY_GROUPS, FEATURES, HOME_ENTRIES } from '@/features/registry'
import { formDefinitions, stockFormDefinitions } from '@yuezi/contract/forms/index'
import { CHOOSE_DATE_PAGE, MAIN_PAGES, PAGES_HOME_ROOT } from '@/routes'

// The build's defineAppConfig / definePageConfig: stand in for them, then read the configs.
;(global as Record<string, unknown>).defineAppConfig ??= (config: unknown) => config
;(global as Record<string, unknown>).definePageConfig ??= (config: unknown) => config
const appConfig = require('@/app.config').default as {
  pages: string[]
  subPackages: { root: string; pages: string[] }[]
}

const SRC = path.resolve(__dirname, '../../src')
const pageFile = (route: string, ext: string) => path.join(SRC, `${route}${ext}`)
const pageConfig = (route: string) => require(pageFile(route, '.config.ts')).default as Record<string, unknown>
const pagesHome = () => appConfig.subPackages.find((p) => `/${p.root}` === PAGES_HOME_ROOT)!
/** The forms and lists of pagesHome; the other entries are pages of subpackages of their own. */
const homeFeatures = FEATURES.filter((f) => f.kind !== 'page')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? files(full) : [full]
  })
}

describe('the registry of forms and lists (features/registry.ts)', () => {
  it('gives app.config.ts its pages: the main ones, then the calendar and every form and list in pagesHome', () => {
    expect(appConfig.pages.map((p) => `/${p}`)).toEqual(MAIN_PAGES)
    expect(pagesHome().pages.map((p) => `${PAGES_HOME_ROOT}/${p}`)).toEqual([
      CHOOSE_DATE_PAGE,
      ...homeFeatures.map((f) => f.route),
    ])
  })

  it('has one line per route and id', () => {
    expect(new Set(FEATURES.map((f) => f.route)).size).toBe(FEATURES.length)
    expect(new Set(FEATURES.map((f) => f.id)).size).toBe(FEATURES.length)
  })

  it('has a page file and a page config titled as the registry says for every entry', () => {
    for (const feature of FEATURES.filter((f) => f.kind === 'page')) {
      expect([feature.route, existsSync(pageFile(feature.route, '.tsx'))]).toEqual([feature.route, true])
      const root = appConfig.subPackages.find((p) => feature.route.startsWith(`/${p.root}/`))
      expect([feature.route, root?.pages.map((p) => `/${root.root}/${p}`)]).toEqual([
        feature.route,
        expect.arrayContaining([feature.route]),
      ])
    }
    for (const feature of homeFeatures) {
      expect([feature.route, existsSync(pageFile(feature.route, '.tsx'))]).toEqual([feature.route, true])
      const config = pageConfig(feature.route)
      expect([feature.route, config.navigationBarTitleText]).toEqual([
        feature.route,
        (formsZh as Record<string, string>)[feature.titleKey],
      ])
      expect([feature.route, !!config.enablePullDownRefresh]).toEqual([feature.route, feature.kind === 'list'])
    }
  })

  it('lists every page file of the subpackage in app.config.ts', () => {
    const listed = pagesHome().pages.map((p) => pageFile(`${PAGES_HOME_ROOT}/${p}`, '.tsx'))
    const pages = files(path.join(SRC, PAGES_HOME_ROOT)).filter((f) => f.endsWith('.tsx'))
    expect(pages.sort()).toEqual(listed.sort())
  })

  it('registers every form definition under its route, record name and customer rule', () => {
    for (const definition of [...formDefinitions, ...stockFormDefinitions]) {
      const feature = FEATURES.find((f) => f.route === definition.route)
      expect([definition.name, feature?.name, feature?.needsCustomer]).toEqual([
        definition.name,
        definition.name,
        !!definition.needsCustomer,
      ])
    }
  })

  it('titles every page and home entry in both languages', () => {
    for (const feature of homeFeatures) {
      expect([feature.titleKey, feature.titleKey in formsZh, feature.titleKey in formsEn]).toEqual([
        feature.titleKey,
        true,
        true,
      ])
    }
    for (const entry of HOME_ENTRIES) {
      const key = `entry.${entry.id}`
      expect([key, key in zh, key in en]).toEqual([key, true, true])
      expect([entry.id, typeof ENTRY_ICONS[entry.home.icon]]).toEqual([
        entry.id,
        expect.stringMatching(/function|object/),
      ])
    }
    for (const group of ENTRY_GROUPS) {
      const key = `home.group.${group}`
      expect([key, key in zh, key in en]).toEqual([key, true, true])
    }
  })

  it("draws each entry's icon on the mini program from its stylesheet, NutUI's own picture", () => {
    const glyphs = readFileSync(path.join(__dirname, '../../src/features/home/entryGlyphs.scss'), 'utf8')
    const icons = path.join(__dirname, '../../node_modules/@nutui/icons-react-taro/dist/es/icons')
    for (const name of Object.keys(ENTRY_ICONS)) {
      const svg = /svg64: "([^"]+)"/.exec(readFileSync(path.join(icons, `${name}.js`), 'utf8'))?.[1]
      const drawn = new RegExp(`&--${name} \\{[^}]*mask-image: url\\('([^']+)'\\)`).exec(glyphs)?.[1]
      expect([name, svg]).toEqual([name, expect.stringMatching(/^data:image\/svg\+xml;base64,/)])
      expect([name, drawn]).toEqual([name, svg])
    }
  })

  it('has entries in every group of the home screen', () => {
    for (const group of ENTRY_GROUPS) expect(HOME_ENTRIES.some((e) => e.home.group === group)).toBe(true)
  })
})
