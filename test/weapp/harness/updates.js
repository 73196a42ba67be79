// The update manager: a stand-in whose events a test fires.

function makeUpdateManager() {
  const handlers = { check: [], ready: [], failed: [] }
  return {
    applied: 0,
    onCheckForUpdate: (cb) => handlers.check.push(cb),
    onUpdateReady: (cb) => handlers.ready.push(cb),
    onUpdateFailed: (cb) => handlers.failed.push(cb),
    applyUpdate() {
      this.applied++
    },
    /** Test side: what WeChat reports. */
    fire(event, payload = {}) {
      for (const cb of handlers[event]) cb(payload)
    },
  }
}
const updateManager = makeUpdateManager()
wx.getUpdateManager = () => updateManager

module.exports = { updateManager }
