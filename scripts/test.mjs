// `npm test`: every suite of the project in two lanes that run side by side (the checks and the
// server's suites in one, the builds and what runs on them in the other: on two cores each lane
// waits on its own browser, database or compiler while the other computes), each in the order that
// fails fastest, with one closing line that adds them up. TEST_LANES=1 runs one stage at a time.
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
  { lane: 1, name: 'types and import circles', cmd: process.execPath, args: ['--test', ...testFiles('test/static')] },
  { lane: 1, name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'], quiet: true },
  { lane: 1, name: 'unit + components (jest)', cmd: bin('jest'), args: ['--ci'] },
  { lane: 1, name: 'server (PostgreSQL + PGlite)', cmd: 'bash', args: ['server/scripts/test.sh'] },
  {
    lane: 1,
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
  { lane: 2, name: 'build weapp', cmd: bin('taro'), args: ['build', '--type', 'weapp'], quiet: true },
  {
    lane: 2,
    name: 'weapp (miniprogram-simulate)',
    cmd: bin('jest'),
    args: ['--ci', '--config', 'test/weapp/jest.config.js'],
  },
  { lane: 2, name: 'build h5', cmd: bin('taro'), args: ['build', '--type', 'h5'], quiet: true },
  { lane: 2, name: 'budgets', cmd: process.execPath, args: ['--test', ...testFiles('test/budget')] },
  {
    lane: 2,
    name: 'end to end (Chromium)',
    cmd: process.execPath,
    args: ['--import', 'tsx', '--test', '--test-concurrency=1', `--test-timeout=${HANG_MS}`, ...testFiles('test/e2e')],
  },
]

// `node scripts/test.mjs types jest server`: only the stages whose name holds one of the words.
const chosen = process.argv.slice(2)
const toRun = chosen.length ? stages.filter((s) => chosen.some((word) => s.name.includes(word))) : stages

const running = new Set()

function run(stage) {
  return new Promise((resolve) => {
    const started = Date.now()
    // Its own process group, so that a failure in the other lane stops all of it (servers, browsers).
    // Through a shell whose `times` tells, on a pipe of its own, the CPU its stage used.
    const child = spawn('bash', ['-c', '"$@"; status=$?; times >&3; exit $status', 'stage', stage.cmd, ...stage.args], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: '0' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    })
    running.add(child)
    let output = ''
    let times = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    child.stdio[3].on('data', (c) => (times += c))
    child.on('close', (code, signal) => {
      running.delete(child)
      resolve({ code: code ?? signal, output, seconds: (Date.now() - started) / 1000, cpu: cpuSeconds(times) })
    })
  })
}

/** The children's user and system seconds from bash's `times` (its second line: "0m12.5s 0m1.2s"). */
function cpuSeconds(times) {
  const line = times.trim().split('\n')[1] ?? ''
  const seconds = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]))
  return seconds.length === 2 ? seconds[0] + seconds[1] : NaN
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}
process.on('SIGINT', () => {
  stopAll()
  process.exit(130)
})

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

let passed = 0
let failed = 0
let stopped = false
const summary = new Map()

// Two lanes print their stages whole as each ends (a stage's lines never mix with the other lane's);
// builds and lint speak only when they fail: progress bars are noise in a log.
async function runLane(lane) {
  for (const stage of lane) {
    if (stopped) return
    console.log(`▸ ${stage.name} started`)
    const result = await run(stage)
    if (stopped) return
    console.log(`\n=== ${stage.name} ===`)
    if (!stage.quiet) process.stdout.write(result.output)
    else if (result.code !== 0) process.stdout.write(result.output.slice(-8000))
    const c = stage.quiet ? { passed: 0, failed: 0 } : counts(result.output)
    passed += c.passed
    failed += c.failed
    addReliability(result.output)
    summary.set(
      stage,
      `${result.code === 0 ? 'ok  ' : 'FAIL'} ${stage.name.padEnd(36)} ${result.seconds.toFixed(0).padStart(4)} s ${result.cpu.toFixed(0).padStart(5)} s CPU${stage.quiet ? '' : `  ${c.passed} passed, ${c.failed} failed`}`,
    )
    if (result.code !== 0) {
      if (c.failed === 0) failed += 1
      stopped = true
      stopAll()
      return
    }
  }
}

function printTotals() {
  console.log(`\n${toRun.map((stage) => summary.get(stage) ?? `--   ${stage.name} (not run)`).join('\n')}`)
  const keys = Object.keys(reliability)
  if (keys.length) console.log(`\nreliability: ${keys.map((k) => `${k} ${reliability[k]}`).join(', ')}`)
  console.log(`\n${passed} passed, ${failed} failed`)
}

/**
 * The CPU the stages' processes used (user + system, as Linux counts the children it reaped): with
 * the wall time, how busy the run kept the machine's cores. Databases that detach are not counted.
 */
function childCpuMinutes() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    // cutime and cstime, the 16th and 17th fields of the line (14th and 15th after the name).
    return (Number(fields[13]) + Number(fields[14])) / 100 / 60
  } catch {
    return NaN
  }
}

const oneAtATime = process.env.TEST_LANES === '1'
const lanes = oneAtATime
  ? [toRun]
  : [...new Set(toRun.map((stage) => stage.lane))].map((lane) => toRun.filter((stage) => stage.lane === lane))
const started = Date.now()
await Promise.all(lanes.map(runLane))
printTotals()
console.log(`${((Date.now() - started) / 60000).toFixed(1)} min, ${childCpuMinutes().toFixed(1)} min of CPU`)
process.exit(failed ? 1 : 0)
