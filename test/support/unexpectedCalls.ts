// A call the test's stand-in server does not know: the request layer catches the throw and shows a
// toast, so a wrong or extra call would pass unnoticed. Each one is also noted here, and fails the
// test after it has run.
const unexpected: string[] = []

/** Notes an unexpected call and returns the error the stand-in throws. */
export function unexpectedCall(url: string): Error {
  unexpected.push(url)
  return new Error(`unexpected request ${url}`)
}

afterEach(() => {
  const calls = unexpected.splice(0)
  if (calls.length) throw new Error(`the test made requests its stand-in server does not answer: ${calls.join(', ')}`)
})
