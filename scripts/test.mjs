// `npm test`: every suite of the project, in the order that fails fastest,
// with one closing line that adds them up.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import './lib/nodeVersion.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name)
// Node 22 and later take test files, not folders.
const testFiles = (dir) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((name) => /\.test\.(mjs|ts)$/.test(name))
    .sort()
    .map((name) => `${dir}/${name}`)

// A browser or server that stops answering fails its test file after this long instead of holding
// the whole run (the longest file takes about 3 minutes).
const HANG_MS = 10 * 60 * 1000

const stages = [
  { name: 'types and import circles', cmd: process.execPath, args: ['--test', ...testFiles('test/static')] },
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'], quiet: true },
  { name: 'unit + components (jest)', cmd: bin('jest'), args: ['--ci'] },
  { name: 'server (PostgreSQL + PGlite)', cmd: 'bash', args: ['server/scripts/test.sh'] },
  {
    name: 'reliability (kill -9, outage, load)',
    cmd: process.execPath,
    args: [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      `--test-timeout=${HANG_MS}`,
      ...testFiles('test/reliability'),
    ],
  },
  { name: 'build weapp', cmd: bin('taro'), args: ['build', '--type', 'weapp'], quiet: true },
  { name: 'weapp (miniprogram-simulate)', cmd: bin('jest'), args: ['--ci', '--config', 'test/weapp/jest.config.js'] },
  { name: 'build h5', cmd: bin('taro'), args: ['build', '--type', 'h5'], quiet: true },
  { name: 'budgets', cmd: process.execPath, args: ['--test', ...testFiles('test/budget')] },
  {
    name: 'end to end (Chromium)',
    cmd: process.execPath,
    args: ['--import', 'tsx', '--test', '--test-concurrency=1', `--test-timeout=${HANG_MS}`, ...testFiles('test/e2e')],
  },
]

// `node scripts/test.mjs types jest server`: only the stages whose name holds one of the words.
const chosen = process.argv.slice(2)
const toRun = chosen.length ? stages.filter((s) => chosen.some((word) => s.name.includes(word))) : stages

function run(stage) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(stage.cmd, stage.args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' } })
    let output = ''
    const keep = (chunk, stream) => {
      output += chunk
      // Stages without tests (builds, lint) speak only when they fail: progress bars are noise in a log.
      if (!stage.quiet) stream.write(chunk)
    }
    child.stdout.on('data', (c) => keep(c, process.stdout))
    child.stderr.on('data', (c) => keep(c, process.stderr))
    child.on('close', (code) => {
      if (stage.quiet && code !== 0) process.stderr.write(output.slice(-8000))
      resolve({ code, output, seconds: (Date.now() - started) / 1000 })
    })
  })
}

// Counts from jest ("Tests: 3 failed, 40 passed, 43 total") and node:test ("# pass 12" in TAP, Node 20's
// default through a pipe; "ℹ pass 12" in the spec report, the default from Node 23).
function counts(output) {
  const jest = output.match(/^Tests:\s+(.*)$/m)
  if (jest) {
    const pick = (word) => Number((jest[1].match(new RegExp(`(\\d+) ${word}`)) || [0, 0])[1])
    return { passed: pick('passed'), failed: pick('failed') }
  }
  const sum = (word) =>
    [...output.matchAll(new RegExp(`^[#ℹ] ${word} (\\d+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0)
  return { passed: sum('pass'), failed: sum('fail') }
}

// Reliability files print `RELIABILITY {"casesTried":10000,...}`: the run ends with their totals.
const reliability = {}
function addReliability(output) {
  for (const m of output.matchAll(/RELIABILITY (\{[^}\n]*\})/g)) {
    for (const [key, value] of Object.entries(JSON.parse(m[1]))) reliability[key] = (reliability[key] || 0) + value
  }
}
function printTotals() {
  console.log(`\n${summary.join('\n')}`)
  const keys = Object.keys(reliability)
  if (keys.length) console.log(`\nreliability: ${keys.map((k) => `${k} ${reliability[k]}`).join(', ')}`)
  console.log(`\n${passed} passed, ${failed} failed`)
}

let passed = 0
let failed = 0
const summary = []
for (const stage of toRun) {
  console.log(`\n=== ${stage.name} ===`)
  const result = await run(stage)
  const c = stage.quiet ? { passed: 0, failed: 0 } : counts(result.output)
  passed += c.passed
  failed += c.failed
  addReliability(result.output)
  summary.push(
    `${result.code === 0 ? 'ok  ' : 'FAIL'} ${stage.name.padEnd(32)} ${result.seconds.toFixed(0).padStart(4)} s${stage.quiet ? '' : `  ${c.passed} passed, ${c.failed} failed`}`,
  )
  if (result.code !== 0) {
    if (c.failed === 0) failed += 1
    printTotals()
    process.exit(1)
  }
}
printTotals()
