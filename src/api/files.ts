// Files the server makes on request (a record or an order as a PDF), opened on the phone, from
// where the person prints or forwards them.
import Taro from '@tarojs/taro'
import type { PdfLink } from '@yuezi/contract/api/pdf'
import { API_BASE } from '@/config'
import { t } from '@/i18n'
import { PDF_VIEWER_PAGE } from '@/routes'
import { fileType, isWeChatBrowser } from '@/utils'
import { alert } from '@/utils/feedback'
import { download, RequestError, type RequestOptions } from './request'
import type { ResOf } from './types'

/** A file the server made: a signed link on the API server (no headers needed) and its name. */
export type ServerFile = ResOf<typeof PdfLink>

/** How the calls that make a file are sent: the indicator and the message are openServerFile's. */
export const FILE_CALL: RequestOptions = { loading: false, showError: false }

/** The kinds WeChat's document viewer opens (its menu forwards and prints them). */
const DOCUMENTS = ['pdf', 'word', 'excel', 'ppt']

type DocumentExtension = 'doc' | 'docx' | 'xls' | 'xlsx' | 'ppt' | 'pptx' | 'pdf'

/**
 * Opens a file on the phone as its kind asks: a document in WeChat's viewer with its menu. (The
 * server makes only documents; WeChat's picture preview would also bring its slider into H5.)
 */
export async function openLocalFile(filePath: string, name: string): Promise<void> {
  const type = fileType(name)
  try {
    if (DOCUMENTS.includes(type)) {
      const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase() as DocumentExtension
      await Taro.openDocument({ filePath, fileType: extension, showMenu: true })
      return
    }
  } catch {
    // WeChat's own reason is in its words, not the user's
  }
  throw new Error(t('request.cannotOpenFile'))
}

/** Mini program: the file downloaded to the phone (the link needs no headers), then opened by its kind. */
export async function downloadAndOpen(file: ServerFile): Promise<void> {
  const filePath = await download(API_BASE + file.url, FILE_CALL)
  await openLocalFile(filePath, file.name)
}

/** What the person is told when a file could not be made or fetched: the server's reason, or the network's. */
function failureText(error: unknown): string {
  if (error instanceof RequestError && error.code === 0) return t('request.fileOffline')
  return (error as Error | undefined)?.message || t('request.serverFault')
}

/** H5 outside WeChat: a tab opened during the tap (one opened after the reply is blocked as a popup). */
function openViewerTab(): Window | null {
  if (process.env.TARO_ENV !== 'h5' || isWeChatBrowser()) return null
  const tab = window.open('', '_blank')
  if (tab) tab.document.title = t('request.preparingFile')
  return tab
}

/** H5: the browser saves the file under its name; the page stays where it is. */
function saveAs(url: string, name: string) {
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
}

/**
 * Has the server make a file and opens it. Mini program: downloaded, then opened by its kind.
 * H5: a download is saved by the browser; otherwise the browser's viewer, in the tab opened during
 * the tap, else (WeChat's browser, a blocked tab) the app's PDF page above this one, so that the
 * way back finds the record as it was. Call it from the tap itself. Nothing on the page changes; a
 * failure is told. Resolves whether the file was opened.
 */
export async function openServerFile(
  make: () => Promise<ServerFile>,
  { download = false }: { download?: boolean } = {},
): Promise<boolean> {
  // A download (a spreadsheet) is saved by the browser from this page: a tab would stay blank.
  const tab = download ? null : openViewerTab()
  Taro.showLoading({ title: t('request.preparingFile'), mask: true })
  try {
    const file = await make()
    if (process.env.TARO_ENV === 'h5') {
      const url = new URL(API_BASE + file.url, window.location.href).href
      if (download) saveAs(url, file.name)
      else if (tab) tab.location.href = url
      else await Taro.navigateTo({ url: `${PDF_VIEWER_PAGE}?url=${encodeURIComponent(file.url)}` })
    } else {
      await downloadAndOpen(file)
    }
    Taro.hideLoading()
    return true
  } catch (error) {
    Taro.hideLoading()
    tab?.close()
    alert(t('request.fileFailed', { message: failureText(error) }))
    return false
  }
}
