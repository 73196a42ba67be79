// Build-time configuration and the app's constants.

/** API server origin; empty means the H5 page's own origin (the server also serves the H5 app). */
export const API_BASE = process.env.TARO_APP_API_BASE || ''
/** Origins the web-view page may open. */
export const WEBVIEW_ORIGINS: string[] = (process.env.TARO_APP_WEBVIEW_ORIGINS || '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean)

/** Where the H5 map pages open when neither the device nor the caller gives a place (GCJ-02): central Shanghai. */
export const DEFAULT_MAP_CENTRE = { latitude: 31.230416, longitude: 121.473701 }
/** Street level: a building and its entrance can be told apart. */
export const MAP_ZOOM = 16
/** How long the H5 map waits for the browser's position before it opens elsewhere (ms). */
export const POSITION_TIMEOUT = 8000

export const APP_VERSION = '1.0.0'
export const APP_VERSION_CODE = 100

/** Product calls (ms). */
export const REQUEST_TIMEOUT = 600000
/** Uploads and downloads (ms). */
export const TRANSFER_TIMEOUT = 60000
/** The logout message waits until the login page has been relaunched (ms). */
export const LOGOUT_MESSAGE_DELAY = 600
export const TOAST_DURATION = 2000
/** A toast naming fields or items, to be read (ms). */
export const TOAST_LONG_DURATION = 2500
/** H5: how long a page's code may take to arrive before the loading indicator shows (ms). */
export const PAGE_LOADING_DELAY = 200
export const UPLOAD_MAX_FILES = 52
export const BADGE_MAX = 999
/** Rows per page of every list. */
export const PAGE_SIZE = 20
