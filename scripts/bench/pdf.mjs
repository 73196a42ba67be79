// PDF section: how long the server takes to make the PDF of a saved record of every form (the link
// asked for, then the file downloaded, as the app does), and how big the file is. The demo's
// records are used as they are: the largest form is the one with the most rows and signatures.
import { tsImport } from 'tsx/esm/api'
import { api, login, ms, printTable, startServer } from './lib.mjs'

/** Median of a few timings (ms). */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function timedPdf(url, token) {
  const started = performance.now()
  const { url: link } = await api(url, 'care/index/formRecordPdf', { id: token.recordId }, token.value)
  const reply = await fetch(`${url}${link}`)
  const bytes = (await reply.arrayBuffer()).byteLength
  if (reply.status !== 200 || reply.headers.get('content-type') !== 'application/pdf') {
    throw new Error(`the PDF link answered ${reply.status} ${reply.headers.get('content-type')}`)
  }
  return { ms: performance.now() - started, bytes }
}

export async function pdfSection({ quick }) {
  const { formDefinitions } = await tsImport('@yuezi/contract/forms', import.meta.url)
  const server = await startServer({ env: { SEED: '1' } })
  try {
    const { url } = server
    const { token } = await login(url)
    const runs = quick ? 3 : 7
    const rows = []
    for (const form of formDefinitions) {
      const { list } = await api(url, 'care/index/getFormRecord', { name: form.name, page: 1, limit: 1 }, token)
      if (!list.length) {
        rows.push([form.name, '–', '–', '–', 'no demo record'])
        continue
      }
      const ask = { value: token, recordId: list[0].id }
      // The first one also loads the font: told apart from the steady figure.
      const first = await timedPdf(url, ask)
      const timings = []
      for (let i = 0; i < runs; i++) timings.push((await timedPdf(url, ask)).ms)
      rows.push([form.name, ms(first.ms), ms(median(timings)), `${(first.bytes / 1024).toFixed(1)} KB`, ''])
    }
    rows.sort((a, b) => parseFloat(b[3]) - parseFloat(a[3]) || 0)
    printTable(
      `PDF of a saved record (PGlite, one at a time, median of ${runs})`,
      ['form', 'first', 'median', 'file', 'note'],
      rows,
      [
        'From asking for the link to the last byte of the file, as the app does; the largest file first.',
        'first: the first PDF of the run, which also reads the CJK font (about 5 MB) into memory.',
      ],
    )
  } finally {
    await server.stop()
  }
}
