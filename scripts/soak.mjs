// `npm run test:soak -- <test file> [runs] [--quiet-machine]`: runs one test file that many times in a
// row (20 by default) while every core is kept busy by a spinning thread, as on a loaded machine, and
// stops at the first failure. A test that fails by chance shows here before it stops a submission.
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const quiet = args.includes('--quiet-machine')
const [file, count = '20'] = args.filter((arg) => !arg.startsWith('--'))
const runs = Number(count)
if (!file || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run test:soak -- <test file> [runs] [--quiet-machine]')
  process.exit(2)
}

// One spinning thread per core: they compete with the test for the CPU as any other busy program would.
const load = quiet ? [] : os.cpus().map(() => new Worker('for (;;) {}', { eval: true }).on('error', () => {}))

function runOnce() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', file], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ code, output }))
  })
}

let passed = 0
let failed = 0
for (let run = 1; run <= runs; run++) {
  const started = Date.now()
  const { code, output } = await runOnce()
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  if (code === 0) {
    passed++
    console.log(`run ${run}/${runs}: passed (${seconds} s)`)
  } else {
    failed++
    console.log(`run ${run}/${runs}: FAILED (${seconds} s)\n${output.slice(-6000)}`)
    break
  }
}
for (const worker of load) await worker.terminate()
console.log(`\nsoak of ${file}${quiet ? '' : ` with ${load.length} cores kept busy`}: ${passed}/${runs} runs passed`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
