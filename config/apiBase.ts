// Where a build's requests go. WeChat refuses relative request URLs, so the mini program always
// has an absolute API base: the local server for development, an https:// address for a release.

export interface BuildTarget {
  /** Taro's target: 'weapp', 'h5'. */
  taroEnv: string | undefined
  env: Record<string, string | undefined>
  /** A release build of the mini program (`--prod`): it must reach the centre's https server. */
  release: boolean
}

/** The API base baked into the build: no trailing slash; '' means the page's own origin (H5). */
export function apiBaseFor({ taroEnv, env, release }: BuildTarget): string {
  const given = (env.TARO_APP_API_BASE ?? '').trim().replace(/\/+$/, '')
  if (taroEnv !== 'weapp') return given
  if (release) {
    if (!/^https:\/\/[^/\s]+/.test(given)) {
      throw new Error(
        `A release build of the mini program needs the API server's https address: ` +
          `TARO_APP_API_BASE=https://api.your-centre.example npm run build:weapp:prod (it was ${given ? `"${given}"` : 'not set'}). ` +
          'WeChat only lets a released mini program call https servers on its legal domain list.',
      )
    }
    return given
  }
  return given || `http://127.0.0.1:${env.PORT || 3000}`
}

/** What the centre must add in the mini program's admin console (开发管理 → 开发设置 → 服务器域名) for this build. */
export function legalDomainsNotice(apiBase: string, webviewOrigins: string): string {
  const origin = new URL(apiBase).origin
  const lines = [
    'Add these in the mini program admin console (开发管理 → 开发设置 → 服务器域名):',
    `  request 合法域名:      ${origin}`,
    `  uploadFile 合法域名:   ${origin}`,
    `  downloadFile 合法域名: ${origin}`,
  ]
  const pages = webviewOrigins
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  if (pages.length) lines.push(`  业务域名 (web-view):   ${pages.join(', ')}`)
  return lines.join('\n')
}
