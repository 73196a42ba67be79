import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import '../../locales'
import { IMPORT_KINDS, ImportSheetStore } from '../../stores/importSheet'
import './index.scss'

/** 表格导入: choose what to import, download its template, upload the filled-in file, see what came of it. */
export default observer(function ImportSheet() {
  usePageTitle('import.title' as MessageKey)
  useLoginGuard()
  const [store] = useState(() => new ImportSheetStore())
  const { result } = store
  return (
    <PageShell className="import-sheet" navBar={<NavBar title={t('import.title')} back />}>
      <View className="import-sheet__kinds">
        {IMPORT_KINDS.map(({ kind, labelKey }) => (
          <View
            key={kind}
            className={`import-sheet__kind ${store.kind === kind ? 'import-sheet__kind--active' : ''}`}
            onClick={() => store.choose(kind)}
          >
            <Text>{t(labelKey)}</Text>
          </View>
        ))}
      </View>
      <View className="import-sheet__hint">
        <Text>{t('import.hint')}</Text>
      </View>
      <View className="import-sheet__actions">
        <Button size="small" fill="outline" onClick={store.downloadTemplate}>
          {t('import.template')}
        </Button>
        {store.kind === 'mothers' && (
          <Button size="small" fill="outline" onClick={store.exportCustomers}>
            {t('import.exportCustomers')}
          </Button>
        )}
        <Button size="small" type="primary" onClick={store.chooseAndUpload}>
          {t('import.upload')}
        </Button>
      </View>
      {store.fileName && (
        <View className="import-sheet__file">
          <Text>{t('import.file', { name: store.fileName })}</Text>
        </View>
      )}
      {result && 'rows' in result && (
        <View className="import-sheet__done">
          <Text>{t('import.done', { rows: result.rows })}</Text>
        </View>
      )}
      {result && 'rows' in result && result.passwords.length > 0 && (
        <View className="import-sheet__passwords">
          <Text className="import-sheet__message">{t('import.passwords')}</Text>
          <Text className="import-sheet__note">{t('import.passwordsNote')}</Text>
          {result.passwords.map((one) => (
            <View key={one.account} className="import-sheet__password">
              <Text selectable>{t('import.password', one)}</Text>
            </View>
          ))}
        </View>
      )}
      {result && 'errors' in result && (
        <View className="import-sheet__failed">
          <Text className="import-sheet__message">{result.message}</Text>
          {result.errors.map((error, i) => (
            <View key={i} className="import-sheet__error">
              <Text>{t('import.at', { row: error.row, column: error.column || '-' })}</Text>
              <Text>{error.message}</Text>
            </View>
          ))}
        </View>
      )}
    </PageShell>
  )
})
