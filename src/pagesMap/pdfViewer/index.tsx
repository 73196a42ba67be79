import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import PageShell from '@/components/PageShell'
import { API_BASE } from '@/config'
import '@/features/forms/locales'
import './index.scss'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'

/** A link the server made to one of its PDFs: the only kind shown here. */
const isServerPdf = (url: string) => /^\/api\/pdf\/[\w.-]+$/.test(url)

/** A query value still encoded; a malformed one is kept as it is (and then refused). */
function decoded(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** H5 without tabs (WeChat's browser): the server's PDF `?url=` inside the app, above the page it came from. */
export default observer(function PdfViewer() {
  // The forms' strings are added to the app's, so their keys are not MessageKeys.
  usePageTitle('formUi.exportPdf' as MessageKey)
  const url = decoded(useRouter().params.url ?? '')
  if (!isServerPdf(url))
    return (
      <PageShell className="pdf-viewer">
        <View role="alert">{t('webView.refused')}</View>
      </PageShell>
    )
  // A plain frame: this page is H5's alone, and the browser's own viewer draws the PDF in it.
  return (
    <PageShell className="pdf-viewer">
      <iframe className="pdf-viewer__frame" title={t('formUi.exportPdf' as MessageKey)} src={API_BASE + url} />
    </PageShell>
  )
})
