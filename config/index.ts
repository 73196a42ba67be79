import path from 'path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import devConfig from './dev'
import prodConfig from './prod'
import { apiBaseFor, legalDomainsNotice } from './apiBase'
import { PageAssetsPlugin } from './pageAssets'
import { MAP_PAGES } from './mapPages'
import { HOME_PAGE } from './homePage'

const root = path.resolve(__dirname, '..')
// The form definitions and API schemas the app shares with the server (packages/contract): TypeScript
// sources outside src, which Taro compiles only when told to.
const contract = path.resolve(root, 'packages/contract')

// The contract's relative imports name their files as Node's ESM loader wants ('./types.js' for
// types.ts); webpack looks for the .ts file when there is no .js one.
const resolveContractImports = (chain: { resolve: { set(key: string, value: unknown): unknown } }) => {
  chain.resolve.set('extensionAlias', { '.js': ['.js', '.ts'] })
}

// A feature's index.ts only re-exports: marked free of effects, so that a page importing one thing
// through it does not take the rest of the feature along.
const featureIndexesOnlyReExport = (chain: {
  module: { rule(name: string): { test(re: RegExp): { set(key: string, value: unknown): unknown } } }
}) => {
  chain.module
    .rule('featureIndex')
    .test(/[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/)
    .set('sideEffects', false)
}

// NutUI and Leaflet's stylesheet are drawn at width 375 (one CSS pixel a pixel); our own styles at 750
// (Taro's default).
const designWidth = (input?: unknown) =>
  /@nutui|\/leaflet\//.test(String((input as { file?: string } | undefined)?.file ?? '').replace(/\\+/g, '/'))
    ? 375
    : 750

// The addresses the browser shows a page at besides its route ('/' opens the home page, the map
// pages have short paths), keyed as page-assets.json keys routes: without the leading slash.
const withoutSlash = (route: string) => route.replace(/^\//, '')
const pageAliases = Object.fromEntries([
  ['', withoutSlash(HOME_PAGE)],
  ...Object.entries(MAP_PAGES).map(([page, shortPath]) => [withoutSlash(shortPath), withoutSlash(page)]),
])

// Taro's HTML components bring their own stylesheet, whose button look (class selectors as strong as
// NutUI's or stronger: a grey background, 18 px text, 15 px between neighbours) covered NutUI's
// buttons, which draw their own. The app has no Taro button of its own, so the build leaves it out.
const withoutTaroButtonLook = {
  postcssPlugin: 'without-taro-button-look',
  Rule(rule: { selectors: string[]; remove(): void }) {
    if (rule.selectors.every((selector) => selector.includes('.taro-button-core'))) rule.remove()
  },
}

export default defineConfig<'webpack5'>(async (merge) => {
  const release = process.argv.includes('--prod')
  const apiBase = apiBaseFor({ taroEnv: process.env.TARO_ENV, env: process.env, release })
  const webviewOrigins = process.env.TARO_APP_WEBVIEW_ORIGINS ?? ''
  if (process.env.TARO_ENV === 'weapp') {
    console.log(`Mini program API server: ${apiBase}`)
    if (release) console.log(legalDomainsNotice(apiBase, webviewOrigins))
  }
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'yuezi-care-staff',
    date: '2026-11-22',
    designWidth,
    deviceRatio: {
      375: 2,
      640: 2.34 / 2,
      750: 1,
      828: 1.81 / 2,
    },
    sourceRoot: 'src',
    // One output folder per target, so weapp and H5 builds never overwrite each other
    // (DIST_DIR moves them, e.g. for a second build beside a running one).
    outputRoot: path.join(process.env.DIST_DIR || path.join(root, 'dist'), process.env.TARO_ENV ?? ''),
    plugins: ['@tarojs/plugin-html'],
    alias: {
      '@': path.resolve(root, 'src'),
      '@locales': path.resolve(root, 'locales'),
      '@yuezi/contract': contract,
    },
    defineConstants: {},
    env: {
      // Where the API server is (see apiBase.ts). Empty = same origin (H5 served by our own server).
      TARO_APP_API_BASE: JSON.stringify(apiBase),
      // Origins the web-view page may open, comma separated.
      TARO_APP_WEBVIEW_ORIGINS: JSON.stringify(webviewOrigins),
    },
    framework: 'react',
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: { enable: false },
    // Terser's full compression: Taro's mini defaults turn inlining, variable reduction and the
    // like off (for build speed); H5's keep every function name and quote every key.
    terser: {
      enable: true,
      config: {
        compress: {
          collapse_vars: true,
          computed_props: true,
          hoist_props: true,
          inline: true,
          loops: true,
          negate_iife: true,
          properties: true,
          reduce_funcs: true,
          reduce_vars: true,
          switches: true,
          typeofs: true,
          passes: 2,
        },
        keep_fnames: false,
        output: { keep_quoted_props: false, quote_keys: false },
      },
    },
    mini: {
      compile: { include: [contract] },
      webpackChain(chain) {
        resolveContractImports(chain)
        featureIndexesOnlyReExport(chain)
      },
      optimizeMainPackage: { enable: true },
      // NutUI's per-component CSS arrives in varying order; the order does not matter for it.
      miniCssExtractPluginOption: { ignoreOrder: true },
      postcss: {
        // The mini program's styles only ever run in WeChat's web views (iOS WebKit, Android
        // Chromium): no IE or Firefox prefixes, whatever the browserslist for H5 asks for.
        autoprefixer: { enable: true, config: { overrideBrowserslist: ['ios >= 10', 'android >= 5'] } },
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false },
      },
    },
    h5: {
      compile: { include: [contract] },
      webpackChain(chain, webpack) {
        resolveContractImports(chain)
        featureIndexesOnlyReExport(chain)
        // Every script asks the browser to compile all its functions on a thread of its own while
        // it downloads (V8's explicit compile hint; older engines read a comment), instead of on the
        // main thread as each first runs, which had made the launch's longest task. Added after
        // Terser (which drops comments) and before the files' content hashes are worked out.
        chain.plugin('compileHint').use(webpack.BannerPlugin, [
          {
            banner: '//# allFunctionsCalledOnLoad',
            raw: true,
            test: /\.js$/,
            stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          },
        ])
        // Taro splits only the entry ('initial'), so every page chunk carried its own copy of NutUI,
        // the form renderer and the rest. Splitting the on-demand page chunks too lets pages share
        // them. The size floor keeps a page from needing many small requests, each of which queues
        // for one of HTTP/1.1's six connections on a cold start, at the price of a little shared
        // code copied into more chunks.
        const splitChunks = chain.optimization.get('splitChunks')
        chain.optimization.splitChunks({
          ...splitChunks,
          chunks: 'all',
          minSize: 40000,
          cacheGroups: {
            ...splitChunks.cacheGroups,
            // The libraries the app starts with (React DOM, MobX, Stencil…; Taro's own packages have
            // their chunk) in a script of their own: the browser compiles each script in its own
            // task, so app.js's task no longer compiles them too.
            // Their scripts only: Taro's stylesheets stay in app.css (see below).
            startLibraries: {
              test: (module: { resource?: string; type: string }) =>
                /[\\/]node_modules[\\/]/.test(module.resource ?? '') && module.type !== 'css/mini-extract',
              chunks: 'initial',
              priority: 50,
              enforce: true,
            },
          },
        })
        // The launch is split into tasks with top-level await (src/utils/startupYield.h5.ts), which
        // webpack's runtime runs as async functions: every browser H5 is opened in (WeChat's, the
        // PC back-office's) has them.
        chain.output.merge({ environment: { asyncFunction: true } })
        chain.plugin('pageAssets').use(PageAssetsPlugin, [pageAliases])
        // Taro's own stylesheets (its components' look) are part of the app's stylesheet, not style
        // elements its scripts insert during the launch's first task. They are the entry's first
        // modules, so they open app.css and NutUI's and the app's rules still win over theirs; they
        // are kept out of the start libraries' chunk, whose stylesheet would be one more file the
        // first paint waits for.
        chain.module.rules.delete('taroStyle')
        chain.module.rule('customStyle').exclude.clear()
        chain.entry('app').prepend(path.join(root, 'node_modules/@tarojs/components-react/dist/index.css'))
        chain.entry('app').prepend(path.join(root, 'node_modules/@tarojs/components/global.css'))
        // Taro's request brings a fetch polyfill and a JSONP client, both evaluated at launch:
        // every browser H5 opens in has fetch, and the app never asks for JSONP. (An alias to false
        // is webpack's empty module; webpack-chain's types know only paths.)
        const emptyModules = { 'whatwg-fetch$': false, 'jsonp-retry$': false }
        chain.resolve.alias.merge(emptyModules as unknown as Record<string, string>)
        chain.module
          .rule('taroComponentsStyles')
          .test(/@tarojs[\\/]components-react[\\/]dist[\\/]index\.css$/)
          .enforce('pre')
          .use('withoutTaroButtonLook')
          .loader('postcss-loader')
          .options({ postcssOptions: { plugins: [withoutTaroButtonLook] } })
      },
      // Taro's components as React components over plain HTML elements instead of Stencil web
      // components: less script runs before a page shows. Stencil is left only for what has no HTML
      // version (the tab bar, text areas, the signature canvas, the photo viewer, the web view).
      useHtmlComponents: true,
      publicPath: '/',
      staticDirectory: 'static',
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
        // A page's code that has not arrived after 120 s fails to load (the page-chunk load timeout).
        chunkLoadTimeout: 120_000,
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      // basename must stay unset: with '/' the router strips the slash, matches no page and draws a blank one.
      // The map pages answer at the short paths the PC back-office and saved links use.
      router: { mode: 'browser', customRoutes: MAP_PAGES },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false },
      },
    },
  }
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
