// `npm run bench`: builds both targets, then prints one table per section, all measured in one run
// on this machine: weapp sizes and WeChat's scan, H5 first-load sizes, Lighthouse, the server's
// endpoints on PGlite and PostgreSQL next to a bare Fastify route, where their time goes (CPU
// profile and PostgreSQL's statements), list latency at scale, the room board and her file at 1M
// records, PDFs, and what an AsyncLocalStorage context would cost a request.
//
//   npm run bench                          everything, the builds included
//   npm run bench -- --quick               shorter runs, scale 1k and 10k records
//   npm run bench -- --only server,scale   some sections (weapp, h5, lighthouse, server, profile, scale, mothers, kept,
//                                          pdf, context, year: a centre's year of writes under kill -9)
//   npm run bench -- --no-build            use the builds already in DIST_DIR (or dist)
import os from 'node:os'
import { parseArgs } from 'node:util'
import { buildSection, h5Section, weappSection } from './builds.mjs'
import { contextSection } from './context.mjs'
import { keptSection } from './kept.mjs'
import { DIST, printTable, seconds } from './lib.mjs'
import { lighthouseSection } from './lighthouse.mjs'
import { mothersSection } from './mothers.mjs'
import { pdfSection } from './pdf.mjs'
import { profileSection } from './profile.mjs'
import { scaleSection } from './scale.mjs'
import { serverSection } from './server.mjs'
import { yearSection } from './year.mjs'

const SECTIONS = {
  weapp: weappSection,
  h5: h5Section,
  lighthouse: lighthouseSection,
  server: serverSection,
  profile: profileSection,
  scale: scaleSection,
  mothers: mothersSection,
  kept: keptSection,
  pdf: pdfSection,
  context: contextSection,
  year: yearSection,
}
/** The sections that read a build. */
const NEEDS_BUILD = ['weapp', 'h5', 'lighthouse']

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
})
const chosen = values.only ? values.only.split(',').map((name) => name.trim()) : Object.keys(SECTIONS)
const unknown = chosen.filter((name) => !(name in SECTIONS))
if (unknown.length) {
  console.error(`unknown section ${unknown.join(', ')}: choose from ${Object.keys(SECTIONS).join(', ')}`)
  process.exit(2)
}
const options = { quick: values.quick }

const started = Date.now()
const [load1] = os.loadavg()
printTable(
  'Machine',
  ['figure', 'value'],
  [
    ['cpu', `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`],
    ['memory', `${Math.round(os.totalmem() / 2 ** 30)} GiB`],
    ['node', process.version],
    ['load average at start', load1.toFixed(2)],
    ['mode', values.quick ? 'quick' : 'full'],
    ['builds', DIST],
  ],
)

if (!values['no-build'] && chosen.some((name) => NEEDS_BUILD.includes(name))) await buildSection(options)
for (const name of chosen) {
  const sectionStarted = Date.now()
  try {
    await SECTIONS[name](options)
  } catch (error) {
    // One broken section does not hide the others' figures; the exit code says it.
    console.error(`\n## ${name}: failed\n${error.stack ?? error}`)
    process.exitCode = 1
  }
  console.log(`  (${name}: ${seconds((Date.now() - sectionStarted) / 1000)})`)
}
console.log(`\nbench: ${seconds((Date.now() - started) / 1000)}, load average now ${os.loadavg()[0].toFixed(2)}`)
// Servers and databases the sections started are stopped by now; autocannon's timers are not ours.
process.exit()
