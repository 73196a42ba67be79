// Preloaded into the server by the context section: with OUTER_CONTEXT=1 every HTTP request runs
// inside an AsyncLocalStorage context, as it would if the request's id were kept in one.
import { AsyncLocalStorage } from 'node:async_hooks'
import http from 'node:http'

if (process.env.OUTER_CONTEXT === '1') {
  const context = new AsyncLocalStorage()
  let requests = 0
  const emit = http.Server.prototype.emit
  http.Server.prototype.emit = function (event, ...args) {
    if (event !== 'request') return emit.call(this, event, ...args)
    return context.run({ id: ++requests }, () => emit.call(this, event, ...args))
  }
}
