// Every file or folder the README and the documents name exists, so that a newcomer following them
// never looks for something that has moved: relative links, pictures, repository paths in backticks
// and the entries of the layout trees (```tree blocks). A name followed by "(coming)" is a place
// kept for a feature not written yet.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const TOP_FOLDERS = [
  'src',
  'server',
  'test',
  'packages',
  'scripts',
  'config',
  'locales',
  'docs',
  'deploy',
  'patches',
  'types',
  '.ci',
]
const TOP_FILES = [
  'README.md',
  'package.json',
  'tsconfig.json',
  'babel.config.js',
  'jest.config.js',
  'project.config.json',
  'project.private.config.json',
]
// A module named without its extension, as an import names it.
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '.json']

const DOCS = [
  'README.md',
  'patches/README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

const isPlaceholder = (name) => /[*<>{}$]/.test(name)
const isComing = (after) => /^\s*\(coming\b/.test(after)

function exists(relative) {
  const clean = relative.replace(/\/$/, '')
  return EXTENSIONS.some((extension) => existsSync(path.join(ROOT, clean + extension)))
}

/** A backticked token that names a repository path: a top-level file, or a path under a top-level folder. */
function repoPath(token) {
  if (/\s/.test(token) || isPlaceholder(token)) return null
  if (TOP_FILES.includes(token)) return token
  const [first] = token.split('/')
  return token.includes('/') && TOP_FOLDERS.includes(first) ? token : null
}

/** The paths a ```tree block names: each entry's path is its parents' (by indentation) and its own name. */
function treePaths(block) {
  const paths = []
  const parents = []
  for (const line of block.split('\n')) {
    const match = line.match(/^( *)(\S+(?:, \S+)*)(?: {2,}(.*))?$/)
    if (!match) continue
    const [, indent, names, after = ''] = match
    // A description's wrapped line is indented past any entry, or is not a name.
    if (indent.length > 12 || !names.split(', ').every((name) => /^[\w.@-]+(\/[\w.@-]+)*\/?$/.test(name))) continue
    while (parents.length && parents[parents.length - 1].indent >= indent.length) parents.pop()
    const base = parents.length ? parents[parents.length - 1].path : ''
    for (const name of names.split(', ')) {
      if (!isComing(after)) paths.push(base + name)
      if (name.endsWith('/')) parents.push({ indent: indent.length, path: base + name })
    }
  }
  return paths
}

/** Every path `text` (the document at `doc`) names that is not in the repository. */
export function missingPaths(text, doc) {
  const named = []
  const fences = /^```(\w*)\n([\s\S]*?)^```$/gm
  for (const [, language, block] of text.matchAll(fences)) {
    if (language === 'tree') named.push(...treePaths(block))
  }
  const prose = text.replace(fences, '')
  for (const match of prose.matchAll(/`([^`\n]+)`/g)) {
    const token = repoPath(match[1])
    if (token && !isComing(prose.slice(match.index + match[0].length))) named.push(token)
  }
  // Links and pictures are relative to the document.
  const targets = [...prose.matchAll(/\]\(([^)\s]+)\)/g), ...prose.matchAll(/\bsrc="([^"]+)"/g)].map((m) => m[1])
  for (const target of targets) {
    if (/^([a-z]+:|#)/i.test(target) || isPlaceholder(target)) continue
    const file = target.replace(/[#?].*$/, '')
    named.push(path.relative(ROOT, path.resolve(ROOT, path.dirname(doc), file)))
  }
  return [...new Set(named)].filter((name) => !exists(name))
}

for (const doc of DOCS) {
  test(`every path ${doc} names exists`, () => {
    assert.deepEqual(missingPaths(readFileSync(path.join(ROOT, doc), 'utf8'), doc), [])
  })
}

test('the README links every document in docs/', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const unlinked = DOCS.filter((doc) => doc.startsWith('docs/') && !readme.includes(`](${doc})`))
  assert.deepEqual(unlinked, [])
})

test('a document naming a missing file fails; globs, placeholders and coming places do not', () => {
  const text = [
    'See `src/features/registry.ts`, `src/features/nothingHere.ts` and [the guide](docs/missing.md).',
    'Globs and placeholders: `test/**/*.test.ts`, `src/pagesHome/pages/form/<Route>/form.tsx`; a route: `/api/care/index`.',
    'A feature to come: `src/features/customers/` (coming).',
    '```tree',
    'src/                  the app',
    '  features/           the features',
    '    gone/             moved away',
    '    desk/             (coming) the front desk',
    '```',
  ].join('\n')
  assert.deepEqual(missingPaths(text, 'README.md').sort(), [
    'docs/missing.md',
    'src/features/gone/',
    'src/features/nothingHere.ts',
  ])
})
