import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import RecordList from '@/components/RecordList'
import SearchBox from '@/components/RecordList/SearchBox'
import type { MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import { useListPage } from '@/hooks/useListPage'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import '../../locales'
import { MASTER_VIEWS, masterEditRoute } from '../../masterKinds'
import { MasterListStore, type MasterEntry } from '../../stores/masterList'
import './index.scss'

/** An entry: its name and what tells it apart, its state, and what can be done with it. */
const EntryCard = observer(function EntryCard({ store, entry }: { store: MasterListStore; entry: MasterEntry }) {
  return (
    <View className="master-list__card">
      <View
        className="master-list__head"
        onClick={() => Taro.navigateTo({ url: masterEditRoute(store.kind, entry.id) })}
      >
        <Text className="master-list__name">{entry.name}</Text>
        {entry.retired && <Text className="master-list__tag">{t('master.retiredTag')}</Text>}
        {!entry.in_service && <Text className="master-list__tag">{t('master.outOfService')}</Text>}
      </View>
      {entry.detail && <Text className="master-list__line">{entry.detail}</Text>}
      <View className="master-list__actions">
        <Button
          size="small"
          fill="outline"
          onClick={() => Taro.navigateTo({ url: masterEditRoute(store.kind, entry.id) })}
        >
          {t('master.edit')}
        </Button>
        <Button size="small" fill="outline" onClick={() => store.setRetired(entry, !entry.retired)}>
          {t(entry.retired ? 'master.restore' : 'master.retire')}
        </Button>
        <Button size="small" type="danger" fill="outline" onClick={() => store.remove(entry)}>
          {t('master.delete')}
        </Button>
      </View>
    </View>
  )
})

/** One of the centre's lists: search, in use or retired, add; each entry edited, retired, restored or deleted. */
export default observer(function MasterList({ kind }: { kind: MasterKind }) {
  const [store] = useState(() => new MasterListStore(kind))
  const view = MASTER_VIEWS[kind]
  usePageTitle(view.labelKey as MessageKey)
  useListPage({ refresh: store.refresh, loadMore: store.list.loadMore })

  return (
    <PageShell className="master-list" navBar={<NavBar title={t(view.labelKey)} back />}>
      <View className="master-list__filters">
        <SearchBox block="master-list" placeholder={t(view.searchKey)} onKeyword={store.search} />
        <View className="master-list__kinds">
          {[false, true].map((retired) => (
            <View
              key={String(retired)}
              className={`master-list__kind ${store.retired === retired ? 'master-list__kind--active' : ''}`}
              onClick={() => store.showRetired(retired)}
            >
              <Text>{t(retired ? 'master.showRetired' : 'master.showInUse')}</Text>
            </View>
          ))}
        </View>
        <View className="master-list__new">
          <Button type="primary" onClick={() => Taro.navigateTo({ url: masterEditRoute(kind) })}>
            {t('master.new')}
          </Button>
        </View>
      </View>
      <View className="master-list__items">
        <RecordList
          list={store.list}
          keyOf={(entry) => entry.id}
          emptyText={t(store.retired ? 'master.emptyRetired' : 'master.empty')}
          renderItem={(entry) => <EntryCard store={store} entry={entry} />}
        />
      </View>
    </PageShell>
  )
})
