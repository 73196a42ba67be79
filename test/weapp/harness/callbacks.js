// How a WeChat API answers its caller: success or fail, then complete, on the next tick as WeChat does.

const settle = (options, result) => {
  options?.success?.(result)
  options?.complete?.(result)
  return Promise.resolve(result)
}
const fail = (options, errMsg) => {
  const result = { errMsg }
  options?.fail?.(result)
  options?.complete?.(result)
}
const later = (fn) => setTimeout(fn, 0)

module.exports = { settle, fail, later }
