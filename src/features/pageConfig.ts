// The page config of a form or list page (its `*.config.ts`): the Chinese title (pages set the
// chosen language's at runtime), and pull to refresh for a list. Read by the build in Node.
import zh from '../../locales/forms/zh-CN.json'
import { featureById } from './registry'

/** How close to the bottom a list loads its next page (px). */
const LOAD_MORE_DISTANCE = 120

export function featurePageConfig(id: string) {
  const feature = featureById(id)
  if (!feature) throw new Error(`no form or list "${id}" in features/registry.ts`)
  const title = (zh as Record<string, string>)[feature.titleKey] ?? feature.name
  return feature.kind === 'list' ? listPageConfig(title) : { navigationBarTitleText: title }
}

/** A list page's config: its title, pull to refresh and the next page near the bottom. */
export const listPageConfig = (title: string) => ({
  navigationBarTitleText: title,
  enablePullDownRefresh: true,
  onReachBottomDistance: LOAD_MORE_DISTANCE,
})
