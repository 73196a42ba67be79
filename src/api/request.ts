// The one request layer: every call to the server goes through here, so the
// envelope handling, error display and forced logout live in one place.
import Taro from '@tarojs/taro'
import { t, langHeader } from '@/i18n'
import { API_BASE, REQUEST_TIMEOUT, TRANSFER_TIMEOUT } from '@/config'
import { alert, toast } from '@/utils/feedback'

/** Style 1 codes with a meaning of their own; any other code is an error whose msg is shown. */
export const CODE_OK = 1
export const CODE_TOKEN_INVALID = -90001
export const CODE_TOKEN_EXPIRED = -90002
export const CODE_MUST_CHANGE_PASSWORD = -90004
/** Style 2: success, and the session is gone. */
const ERR_OK = 0
const ERR_UNAUTHORIZED = 401

const UPLOAD_PATH = '/api/admin/oss/upload'

export interface RequestOptions {
  /** Show the loading indicator (default true). */
  loading?: boolean
  /** Show errors to the user (default true). Forced logout happens either way. */
  showError?: boolean
  /** The session the call is made in, instead of the device's (the PC back-office's, before it is taken over). */
  token?: string
}

/**
 * A rejected call. `code` is the envelope's code or err; for a reply that is not
 * an envelope it is the HTTP status, and 0 when no reply arrived at all.
 */
export class RequestError extends Error {
  code: number
  res?: unknown

  constructor(message: string, code: number, res?: unknown) {
    super(message)
    this.name = 'RequestError'
    this.code = code
    this.res = res
  }
}

export interface RequestHooks {
  getToken(): string
  onLogout(message: string): void
  onMustChangePassword(res: unknown): void
}

// Set by the session store, so that this module never imports the stores.
let hooks: RequestHooks = { getToken: () => '', onLogout: () => {}, onMustChangePassword: () => {} }

export function configureRequest(value: RequestHooks) {
  hooks = value
}

export interface UploadedFile {
  url: string
  name: string
  size: number
}

type Style1 = { code: number; msg?: string; res?: unknown }
type Style2 = { err: number; message?: string; data?: unknown }

/** Which app this is: the server records it at login, for the personal centre's list of devices. */
const CLIENT = process.env.TARO_ENV === 'weapp' ? 'weapp' : 'h5'

function headers(token = hooks.getToken()) {
  return { token, lang: langHeader(), client: CLIENT }
}

/**
 * Runs one network call behind the loading indicator. The indicator is hidden
 * before any message is shown: on weapp hiding it would also hide a toast.
 */
async function transfer<R>(call: () => Promise<R>, { loading = true, showError = true }: RequestOptions): Promise<R> {
  if (loading) Taro.showLoading({ title: t('common.loading'), mask: true })
  try {
    const reply = await call()
    if (loading) Taro.hideLoading()
    return reply
  } catch (error) {
    if (loading) Taro.hideLoading()
    const { errMsg, message } = (error ?? {}) as { errMsg?: string; message?: string }
    const text = errMsg || message || t('request.serverFault')
    if (showError) toast(text)
    throw new RequestError(text, 0)
  }
}

/**
 * Turns a reply into its result or a RequestError. A failing envelope is handled as that
 * envelope whatever the HTTP status; a 2xx reply that is no envelope is a server internal
 * error; a non-2xx reply without a failing envelope is a server fault (its message if it has one).
 */
function settle(statusCode: number, body: unknown, showError: boolean): unknown {
  const envelope = (body && typeof body === 'object' ? body : {}) as Partial<Style1 & Style2>
  // Only a 2xx status succeeds: an envelope saying success under another status is a failure.
  const succeeded = statusCode >= 200 && statusCode <= 299
  if (typeof envelope.code === 'number' && (succeeded || envelope.code !== CODE_OK))
    return settleCode(envelope as Style1, showError)
  if (typeof envelope.err === 'number' && (succeeded || envelope.err !== ERR_OK))
    return settleErr(envelope as Style2, showError)
  const serverMessage = typeof envelope.msg === 'string' ? envelope.msg : envelope.message
  const message = succeeded ? t('request.serverInternalError') : serverMessage || t('request.serverFault')
  if (showError) toast(message)
  throw new RequestError(message, statusCode, body)
}

function settleCode({ code, msg, res }: Style1, showError: boolean): unknown {
  if (code === CODE_OK) return res
  const message = msg || t('request.failed')
  if (code === CODE_MUST_CHANGE_PASSWORD) {
    hooks.onMustChangePassword(res)
  } else {
    if (showError) alert(message)
    if (code === CODE_TOKEN_INVALID || code === CODE_TOKEN_EXPIRED) hooks.onLogout(message)
  }
  throw new RequestError(message, code, res)
}

function settleErr(body: Style2, showError: boolean): unknown {
  if (body.err === ERR_OK) return body
  const message = body.message || t('request.failed')
  if (showError) toast(message)
  if (body.err === ERR_UNAUTHORIZED) hooks.onLogout(message)
  throw new RequestError(message, body.err, body)
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS'

/**
 * POST `data` as JSON to `API_BASE + path`: a product call, with its long timeout. Resolves `res`
 * of a style 1 reply, or the whole body of a style 2 reply.
 */
export function request<T>(path: string, data: object = {}, options: RequestOptions = {}): Promise<T> {
  return call<T>('POST', path, data, REQUEST_TIMEOUT, options)
}

/** The generic wrapper: any method, the same envelopes and messages, the generic calls' 60 s timeout. */
export function send<T>(method: Method, path: string, data: object = {}, options: RequestOptions = {}): Promise<T> {
  return call<T>(method, path, data, TRANSFER_TIMEOUT, options)
}

/**
 * Why a download was refused: the envelope the server answered, which the mini program saves as
 * the file (an expired link's message); otherwise a server fault.
 */
function downloadRefusal(tempFilePath: string): string {
  if (process.env.TARO_ENV !== 'h5' && tempFilePath) {
    try {
      const body = JSON.parse(String(Taro.getFileSystemManager().readFileSync(tempFilePath, 'utf8')))
      if (typeof body?.msg === 'string' && body.msg) return body.msg
    } catch {
      // no envelope: a server fault
    }
  }
  return t('request.serverFault')
}

/**
 * Fetches a file to a local temporary path (a signed link: no headers needed, which the mini
 * program's download sends none of anyway); 60 s. Rejects on a failing status.
 */
export async function download(url: string, options: RequestOptions = {}): Promise<string> {
  const reply = await transfer(() => Taro.downloadFile({ url, timeout: TRANSFER_TIMEOUT }), options)
  if (reply.statusCode >= 200 && reply.statusCode <= 299) return reply.tempFilePath
  const message = downloadRefusal(reply.tempFilePath)
  if (options.showError !== false) toast(message)
  throw new RequestError(message, reply.statusCode)
}

async function call<T>(
  method: Method,
  path: string,
  data: object,
  timeout: number,
  options: RequestOptions,
): Promise<T> {
  const reply = await transfer(
    () =>
      Taro.request({
        url: API_BASE + path,
        method,
        data,
        header: { 'content-type': 'application/json', ...headers(options.token) },
        dataType: 'json',
        timeout,
      }),
    options,
  )
  return settle(reply.statusCode, reply.data, options.showError !== false) as T
}

export interface UploadOptions extends RequestOptions {
  /**
   * The file name the server sees (its extension names the type). Needed on H5, where a
   * chosen or drawn file is a blob: address without one; the mini program names it itself.
   */
  fileName?: string
  /** Called with the percentage sent so far. */
  onProgress?: (percent: number) => void
}

/** Posts one local file as the multipart field `file` (with `formData`'s fields); answers the parsed reply. */
async function postFile(path: string, filePath: string, options: UploadOptions, formData?: Record<string, string>) {
  const { fileName, onProgress } = options
  const reply = await transfer(() => {
    const task = Taro.uploadFile({
      url: API_BASE + path,
      filePath,
      name: 'file',
      header: headers(),
      timeout: TRANSFER_TIMEOUT,
      ...(formData ? { formData } : {}),
      ...(fileName ? { fileName } : {}),
    })
    // The task's progress hook (both targets); absent when the call is replaced in tests.
    const progress = (task as { progress?: (cb: (update: { progress: number }) => void) => void }).progress
    if (onProgress && typeof progress === 'function') progress.call(task, (update) => onProgress(update.progress))
    return task
  }, options)
  // uploadFile hands back the body as text.
  let body: unknown = reply.data
  try {
    body = JSON.parse(reply.data)
  } catch {
    // not JSON: settle() reports it as a server fault
  }
  return settle(reply.statusCode, body, options.showError !== false)
}

/** Upload one local file (multipart field `file`); the reply is style 2. */
export async function uploadFile(filePath: string, options: UploadOptions = {}): Promise<UploadedFile> {
  return ((await postFile(UPLOAD_PATH, filePath, options)) as Style2).data as UploadedFile
}

/** Sends one local file with fields to a product route (multipart); resolves `res` of its style 1 reply. */
export async function sendFile<T>(
  path: string,
  filePath: string,
  formData: Record<string, string>,
  options: UploadOptions = {},
): Promise<T> {
  return (await postFile(path, filePath, options, formData)) as T
}
