import type { Compiler } from 'webpack'

/** Name of the manifest written beside the H5 build's index.html. */
export const PAGE_ASSETS_FILE = 'page-assets.json'

/**
 * Writes, for each H5 page route, the JS and CSS files its on-demand chunk group loads (the page's
 * own chunk and the chunks it shares with other pages). Chunk names are ids in production, so
 * without this the budget test and the bench could not tell which files a page's first load takes,
 * nor the server which files to announce with a page (it preloads them: server/src/plugins/static.ts).
 * `aliases` are the other addresses the browser shows a page at ('' for the page the app opens on,
 * the map pages' short paths), each listed with its page's files.
 */
export class PageAssetsPlugin {
  constructor(private readonly aliases: Record<string, string> = {}) {}

  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('PageAssetsPlugin', (compilation) => {
      // The report stage runs after the content hashes are final.
      const stage = Compilation.PROCESS_ASSETS_STAGE_REPORT
      compilation.hooks.processAssets.tap({ name: 'PageAssetsPlugin', stage }, () => {
        const pages: Record<string, string[]> = {}
        for (const group of compilation.chunkGroups) {
          if (group.isInitial()) continue
          for (const origin of group.origins) {
            // Taro's app entry (app.config) imports each page as `import('./pages/…')`.
            const resource = (origin.module as { resource?: string } | null)?.resource ?? ''
            if (!/app\.config\.[jt]s$/.test(resource) || !origin.request) continue
            const route = origin.request.replace(/^\.\//, '')
            pages[route] = group.chunks.flatMap((chunk) => [...chunk.files]).sort()
          }
        }
        for (const [alias, route] of Object.entries(this.aliases)) if (pages[route]) pages[alias] = pages[route]
        compilation.emitAsset(PAGE_ASSETS_FILE, new sources.RawSource(JSON.stringify(pages, null, 2)))
      })
    })
  }
}
