import { ENTRIES } from '@/components/EntryGrid/entries'
import { formDefinitions } from '@/forms'

// app.config.ts calls the build's defineAppConfig: stand in for it, then read the config.
;(global as Record<string, unknown>).defineAppConfig ??= (config: unknown) => config
// eslint-disable-next-line @typescript-eslint/no-require-imports
const appConfig = require('@/app.config').default

describe('form pages and home entries', () => {
  it("every saveForm form has a home entry under its record name (the home badge's count) and route", () => {
    const pages = appConfig.subPackages.find((p: { root: string }) => p.root === 'pagesHome').pages as string[]
    const withPages = formDefinitions.filter((d) => pages.includes(d.route.replace('/pagesHome/', '')))
    expect(withPages.length).toBeGreaterThanOrEqual(8)
    for (const definition of withPages) {
      const entry = ENTRIES.find((e) => e.route === definition.route)
      expect(entry?.name).toBe(definition.name)
      expect(entry?.needsCustomer).toBe(!!definition.needsCustomer)
    }
  })

  it('routes every form page of this work in the pagesHome subpackage', () => {
    const pages = (appConfig as { subPackages: { root: string; pages: string[] }[] }).subPackages.find(
      (p) => p.root === 'pagesHome',
    )!.pages
    for (const route of [
      'pages/form/Pediatricianrounds/form',
      'pages/form/Obstetricianrounds/form',
      'pages/checkNotice',
      'pages/form/ProofofLostReceipt/form',
      'pages/form/visit/form',
      'pages/form/familyFood/form',
      'pages/form/checkInNotice/yz/form',
      'pages/form/checkInNotice/yzSmall/form',
      'pages/form/checkInNotice/index',
      'pages/form/linliao/index',
      'pages/form/linliao/commom/form',
      'pages/form/linliao/dcb/form',
      'pages/form/checkInGift/index',
      'pages/form/checkInGift/form',
      'pages/form/Selffundeditemconsumptiontable/index',
      'pages/form/Selffundeditemconsumptiontable/form',
    ]) {
      expect(pages).toContain(route)
    }
    const formPages = formDefinitions.filter((d) => pages.includes(d.route.replace('/pagesHome/', '')))
    expect(formPages.map((d) => d.name).sort()).toEqual(
      ['儿科医生查房签到表', '产科医生查房签到表', '入住须知', '收据遗失证明', '访客出入登记表', '家属订餐登记表', '月子入住通知单', '小月子入住通知单', '礼包领取明细表'].sort(),
    )
  })
})
