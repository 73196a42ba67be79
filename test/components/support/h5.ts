// What the jest stand-in for @tarojs/taro (test/support/taro.js: the H5 runtime
// APIs) leaves out, so that pages run here as they do in the H5 build.
// Import this before the page under test.
import { useEffect } from 'react'

// The build defines the target; the runtime here is H5's.
process.env.TARO_ENV = 'h5'

// Taro's page hooks are not exported by the stand-in. A rendered page counts as
// shown: useDidShow runs once after mounting; pull-down refresh never happens.
const taro: Record<string, unknown> = require('@tarojs/taro')
taro.useDidShow = (callback: () => void) => useEffect(() => callback(), [])
taro.usePullDownRefresh = () => {}
