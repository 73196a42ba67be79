import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Button, Cell } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import CellLink from '@/components/CellLink'
import CustomerCard from '@/components/CustomerCard'
import CustomerPicker from '@/components/CustomerPicker/OnDemand'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { DeskDay, deskDayStore } from '@/features/desk'
import { openFormStore } from '@/features/forms'
import { EntryGrid } from '@/features/home'
import { featureById } from '@/features/registry'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle, useTabBarTexts } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { CHOOSE_DATE_PAGE, CUSTOMER_FILE_PAGE } from '@/routes'
import { customerStore, homeStore, sessionStore, workingDateStore } from '@/stores'
import './index.scss'

export default observer(function Home() {
  usePageTitle('home.title')
  useTabBarTexts()
  useLoginGuard(() => {
    homeStore.load()
    deskDayStore.load()
  })
  usePullDownRefresh(() => {
    Promise.all([homeStore.load(), deskDayStore.load()]).finally(() => Taro.stopPullDownRefresh())
  })

  return (
    <PageShell className="home" navBar={<NavBar title={t('home.title')} />} safeBottom={false}>
      <DeskDay />
      <CustomerCard
        onPick={() => homeStore.setPicking(true)}
        onOpen={(id) => Taro.navigateTo({ url: `${CUSTOMER_FILE_PAGE}?id=${id}` })}
      />
      <View className={`home__date${workingDateStore.isNotToday ? ' home__date--other' : ''}`}>
        {workingDateStore.isNotToday && (
          <View className="home__not-today" role="note">
            {t('home.notToday')}
          </View>
        )}
        {/* A manager who switches sites sees on home which one she now works in. */}
        <Cell className="home__site" title={t('home.site')} extra={sessionStore.userInfo?.site_name} align="center" />
        <Cell
          title={t('home.workingDate')}
          extra={<CellLink value={<Text className="home__date-value">{workingDateStore.today}</Text>} />}
          align="center"
          clickable
          onClick={() => Taro.navigateTo({ url: CHOOSE_DATE_PAGE })}
        />
      </View>
      {homeStore.error && (
        <View className="home__error">
          <Text>{t('home.countsFailed')}</Text>
          <Button size="small" onClick={homeStore.load}>
            {t('common.retry')}
          </Button>
        </View>
      )}
      {/* A new centre starts in the administration: an empty home says where. */}
      {homeStore.isEmpty && !customerStore.customerInfo && sessionStore.userInfo?.can_administer && (
        <View className="home__start" role="note">
          {t('home.startHere')}
        </View>
      )}
      <EntryGrid
        onOpen={(entry) =>
          openFormStore.open(entry, { customer: customerStore.customerInfo }) || homeStore.setPicking(true, entry.id)
        }
      />
      <CustomerPicker
        visible={homeStore.picking}
        onClose={(customer) => {
          const waiting = homeStore.closePicker(!!customer)
          const entry = waiting ? featureById(waiting) : undefined
          if (entry) openFormStore.open(entry, { customer })
        }}
      />
    </PageShell>
  )
})
