// One line when the running Node is not the one .nvmrc names: the suite and the server are measured on it.
import { readFileSync } from 'node:fs'

const wanted = readFileSync(new URL('../../.nvmrc', import.meta.url), 'utf8').trim()
const running = process.versions.node.split('.')[0]
if (running !== wanted)
  console.warn(
    `Node ${process.versions.node} runs this; .nvmrc names Node ${wanted} (nvm use, or .ci/run installs it).`,
  )
