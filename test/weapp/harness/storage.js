// Storage: the simulator's does nothing; the app keeps its session there.
const { settle } = require('./callbacks')

const storage = new Map()

Object.assign(wx, {
  setStorageSync: (key, value) => void storage.set(key, value),
  getStorageSync: (key) => (storage.has(key) ? storage.get(key) : ''),
  removeStorageSync: (key) => void storage.delete(key),
  clearStorageSync: () => storage.clear(),
  getStorageInfoSync: () => ({ keys: [...storage.keys()], currentSize: 0, limitSize: 10240 }),
  setStorage: (o) => settle(o, (storage.set(o.key, o.data), { errMsg: 'setStorage:ok' })),
  getStorage: (o) => settle(o, { data: storage.get(o.key), errMsg: 'getStorage:ok' }),
  removeStorage: (o) => settle(o, (storage.delete(o.key), { errMsg: 'removeStorage:ok' })),
})

module.exports = { storage }
