// Debian's Chromium as the e2e tests and the bench drive it: headless, offline, in a sandbox-less
// container (Chinese text needs Debian's fonts-wqy-microhei, or it draws as boxes).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
