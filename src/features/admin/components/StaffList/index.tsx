import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button, Input } from '@nutui/nutui-react-taro'
import { Search } from '@nutui/icons-react-taro'
import { observer } from 'mobx-react-lite'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import RecordList from '@/components/RecordList'
import { useListPage } from '@/hooks/useListPage'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { STAFF_EDIT_PAGE } from '@/routes'
import '../../locales'
import { rightKeys, StaffListStore, type StaffMember } from '../../stores/staffList'
import './index.scss'

/** Wait for a pause in typing before searching (ms). */
const SEARCH_DELAY = 300

const open = (id?: number) => Taro.navigateTo({ url: id ? `${STAFF_EDIT_PAGE}?id=${id}` : STAFF_EDIT_PAGE })

const MemberCard = ({ member }: { member: StaffMember }) => (
  <View
    className={`staff-list__card${member.disabled ? ' staff-list__card--disabled' : ''}`}
    onClick={() => open(member.id)}
  >
    <View className="staff-list__head">
      <Text className="staff-list__name">{member.name}</Text>
      <Text className="staff-list__account">{member.account}</Text>
      {member.disabled && <Text className="staff-list__tag staff-list__tag--off">{t('staff.disabled')}</Text>}
      {!member.disabled && member.must_change_password && (
        <Text className="staff-list__tag staff-list__tag--small">{t('staff.mustChange')}</Text>
      )}
    </View>
    {member.sites.map((site) => (
      <View key={site.site_id} className="staff-list__site">
        <Text className="staff-list__line">{site.site_name}</Text>
        {rightKeys(site).map((key) => (
          <Text key={key} className="staff-list__tag">
            {t(key)}
          </Text>
        ))}
      </View>
    ))}
  </View>
)

/** 员工: the site's staff, searched by name or account; a card opens one, 新增员工 adds one. */
export default observer(function StaffList() {
  const [store] = useState(() => new StaffListStore())
  const [typed, setTyped] = useState('')
  usePageTitle('staff.title' as MessageKey)
  useListPage({ refresh: store.refresh, loadMore: store.list.loadMore })
  useEffect(() => {
    const timer = setTimeout(() => store.search(typed.trim()), SEARCH_DELAY)
    return () => clearTimeout(timer)
  }, [typed, store])

  return (
    <PageShell className="staff-list" navBar={<NavBar title={t('staff.title')} back />}>
      <View className="staff-list__filters">
        <View className="staff-list__search">
          <Search size={16} color="#8a8f99" />
          <Input
            className="staff-list__keyword"
            name="keyword"
            value={typed}
            placeholder={t('staff.search')}
            clearable
            confirmType="search"
            onChange={setTyped}
          />
        </View>
        <View className="staff-list__new">
          <Button type="primary" onClick={() => open()}>
            {t('staff.add')}
          </Button>
        </View>
        {store.list.loaded && (
          <Text className="staff-list__total">{t('staff.total', { total: store.list.total })}</Text>
        )}
      </View>
      <View className="staff-list__items">
        <RecordList
          list={store.list}
          keyOf={(member) => member.id}
          emptyText={t('staff.empty')}
          renderItem={(member) => <MemberCard member={member} />}
        />
      </View>
    </PageShell>
  )
})
