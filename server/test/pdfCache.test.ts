import assert from 'node:assert/strict'
import { it } from 'node:test'
import { pdfCache, type RenderedPdf } from '../src/services/pdf/cache.js'

/** A render that counts how often it is called and answers a PDF of `size` bytes. */
function renderer(size = 10) {
  const render = async (): Promise<RenderedPdf> => {
    render.calls++
    return { bytes: Buffer.alloc(size), name: 'a.pdf' }
  }
  render.calls = 0
  return render
}

it('renders a link once while it opens, and again once it has expired', async () => {
  const cache = pdfCache()
  const render = renderer()
  const [a, b] = await Promise.all([cache.of('t', 2_000, render, 1_000), cache.of('t', 2_000, render, 1_000)])
  assert.equal(a, b)
  await cache.of('t', 2_000, render, 1_500)
  assert.equal(render.calls, 1)
  await cache.of('t', 3_000, render, 2_000)
  assert.equal(render.calls, 2)
})

it('keeps no refusal', async () => {
  const cache = pdfCache()
  let calls = 0
  const failing = async (): Promise<RenderedPdf> => {
    calls++
    throw new Error('record not found')
  }
  await assert.rejects(cache.of('t', 2_000, failing, 1_000))
  await assert.rejects(cache.of('t', 2_000, failing, 1_000))
  assert.equal(calls, 2)
})

it('lets the oldest go past its bounds in count and bytes', async () => {
  // Three links of ten bytes each, with room for two: the first one's PDF goes.
  for (const bounds of [{ maxPdfs: 2 }, { maxBytes: 25 }]) {
    const cache = pdfCache(bounds)
    const render = renderer(10)
    for (const token of ['a', 'b', 'c', 'c', 'b']) await cache.of(token, 9_000, render, 1_000)
    assert.equal(render.calls, 3, JSON.stringify(bounds))
    await cache.of('a', 9_000, render, 1_000)
    assert.equal(render.calls, 4, JSON.stringify(bounds))
  }
})
