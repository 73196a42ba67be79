// An uncaught error anywhere (a page, a handler, a promise) fails the test it happens in.

const errors = []
const IGNORED_CONSOLE = [
  // Warnings of the simulator's template compiler about attributes it does not know.
  /^\[j-component\]/,
]
const originalConsoleError = console.error
console.error = (...args) => {
  const text = args.map((a) => (a instanceof Error ? a.stack : typeof a === 'string' ? a : safeJson(a))).join(' ')
  if (!IGNORED_CONSOLE.some((re) => re.test(text))) errors.push(`console.error: ${text}`)
  originalConsoleError(...args)
}
function safeJson(value) {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}
window.addEventListener('error', (event) => errors.push(`uncaught: ${event.error?.stack || event.message}`))
const onRejection = (reason) => errors.push(`unhandled rejection: ${reason?.stack || safeJson(reason)}`)
process.on('unhandledRejection', onRejection)
afterAll(() => process.off('unhandledRejection', onRejection))
/** What is looked at after each test before its errors are told (the pictures of the pages still open). */
const checks = []
const checkAfterEach = (check) => void checks.push(check)
afterEach(() => {
  for (const check of checks) check()
  const found = errors.splice(0)
  if (found.length) throw new Error(`uncaught errors during the test:\n${found.join('\n\n')}`)
})
/** Errors seen so far (a test expecting one takes it out). */
const takeErrors = () => errors.splice(0)
takeErrors.peek = () => [...errors]

module.exports = { errors, takeErrors, checkAfterEach }
