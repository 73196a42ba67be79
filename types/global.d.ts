/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.scss'

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    TARO_ENV: 'weapp' | 'h5'
    /** API server origin; empty means the H5 page's own origin. */
    TARO_APP_API_BASE: string
    /** Comma-separated origins the web-view page may open. */
    TARO_APP_WEBVIEW_ORIGINS: string
  }
}
