// WeChat's own code-quality scan (the DevTools "代码质量" panel) and code analysis, run offline
// with miniprogram-ci on a compiled mini program (dist/weapp, which carries its project.config.json).
//
//   const { checks, analysis, packages, errors } = await scanWeapp('dist/weapp')
//
// miniprogram-ci's analyser leaves a file watcher open that would keep the caller's process alive,
// so the scan runs in a child process (this file run directly) that exits when done.
import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SELF = fileURLToPath(import.meta.url)
const TIMEOUT_MS = 90_000

// Checks whose checker answers success whatever it finds (or whenever the project ignores unused
// files on upload): they pass here only when they find nothing.
const FINDINGS = {
  CONTAINS_OTHER_PKG_JS: (detail) => detail.files,
  CONTAINS_OTHER_PKG_COMPONENTS: (detail) => [...detail.files, ...detail.comps],
  CONTAINS_UNUSED_PLUGINS: (detail) => detail,
  CONTAINS_UNUSED_COMPONENTS: (detail) => detail,
  CONTAINS_UNUSED_CODES: (detail) => detail,
}

/**
 * Runs checkCodeQuality and analyseCode on the compiled mini program in `weappDir`. Resolves to
 * `checks` ([{name, success, text, detail}], one per WeChat check), `analysis` (analyseCode's
 * files and modules), `packages` ({main, <subpackage root>: bytes}, as WeChat counts them) and
 * `errors` (what the scanner reported while checking; a check that throws is otherwise marked
 * passed by miniprogram-ci itself).
 */
export function scanWeapp(weappDir) {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, [path.resolve(weappDir)], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setTimeout(() => child.kill(), TIMEOUT_MS)
    let result = null
    child.on('message', (message) => (result = message))
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      if (result?.error) reject(new Error(`WeChat scan failed: ${result.error}`))
      else if (result) resolve(result)
      else reject(new Error(`WeChat scan ended without a result (${signal ?? `exit ${code}`}): ${stderr.trim()}`))
    })
  })
}

/** Bytes per package from analyseCode's file list: `main` and each subpackage root. */
function packageSizes(analysis) {
  const sizes = {}
  for (const file of analysis.files) {
    const name = file.subPackage ? file.subPackage.replace(/\/$/, '') : 'main'
    sizes[name] = (sizes[name] ?? 0) + file.size
  }
  return sizes
}

async function scanInThisProcess(weappDir) {
  const ci = createRequire(SELF)('miniprogram-ci')
  const errors = []
  // The checker swallows a failing check's exception into console.error; keep them as findings.
  console.error = (...args) => errors.push(args.map(String).join(' '))
  console.warn = console.error
  const project = new ci.Project({
    appid: 'touristappid',
    type: 'miniProgram',
    projectPath: weappDir,
    privateKey: 'unused offline',
    attr: async () => ({ platform: false, appType: 0, isSandbox: false, released: false, setting: {}, gameApp: false }),
    ignores: ['node_modules/**/*'],
  })
  const checks = (await ci.checkCodeQuality(project)).map(({ name, success, text, detail }) => {
    const findings = FINDINGS[name]?.(detail) ?? []
    return { name, success: success && findings.length === 0, text, detail }
  })
  const analysis = await ci.analyseCode(project)
  return { checks, analysis, packages: packageSizes(analysis), errors }
}

if (process.argv[1] === SELF && process.send) {
  // Exit once the result is sent: the analyser's watcher would keep this process alive.
  const reply = (message) => process.send(message, () => process.exit(0))
  scanInThisProcess(process.argv[2]).then(reply, (error) => reply({ error: String(error?.stack ?? error) }))
}
