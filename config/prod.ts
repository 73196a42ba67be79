import type { UserConfigExport } from '@tarojs/cli'

export default {
  alias: {
    // MobX's ES module keeps its development checks behind a module-level constant the minifier
    // may not fold (webpack's export getters run before it is set), so builds use MobX's own
    // production bundle.
    mobx$: 'mobx/dist/mobx.esm.production.min.js',
  },
  mini: {},
  h5: {},
} satisfies UserConfigExport<'webpack5'>
