import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { Cell, CellGroup } from '@nutui/nutui-react-taro'
import CellLink from '@/components/CellLink'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import '../../locales'
import { ADMIN_ENTRIES } from '../../entries'
import { IntegrityStore } from '../../stores/integrity'
import './index.scss'

/** 门店管理: the administration pages of the site the manager works in, one cell each. */
export default observer(function AdminHome() {
  usePageTitle('admin.title')
  useLoginGuard()
  const [integrity] = useState(() => new IntegrityStore())
  useEffect(() => {
    integrity.load()
  }, [integrity])
  const damaged = integrity.damaged
  return (
    <PageShell className="admin-home" navBar={<NavBar title={t('admin.title')} back />}>
      {damaged.length > 0 && (
        <View className="admin-home__damaged" role="alert">
          <Text>{t('admin.integrityDamaged', { count: damaged.length, at: integrity.checkedAt })}</Text>
        </View>
      )}
      <View className="admin-home__hint">
        <Text>{t('admin.hint')}</Text>
      </View>
      <CellGroup>
        {ADMIN_ENTRIES.map((entry) => (
          <Cell
            key={entry.route}
            title={t(entry.labelKey)}
            extra={<CellLink />}
            align="center"
            clickable
            onClick={() => Taro.navigateTo({ url: entry.route })}
          />
        ))}
      </CellGroup>
    </PageShell>
  )
})
