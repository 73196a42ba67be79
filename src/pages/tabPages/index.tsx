import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Button, Cell } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import CellLink from '@/components/CellLink'
import CustomerCard from '@/components/CustomerCard'
import CustomerPicker from '@/components/CustomerPicker'
import EntryGrid, { type Entry } from '@/components/EntryGrid'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle, useTabBarTexts } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { CHOOSE_DATE_PAGE, NOT_FOUND_PAGE } from '@/pages/routes'
import { customerStore, formStore, homeStore } from '@/stores'
import './index.scss'

export default observer(function Home() {
  const [picking, setPicking] = useState(false)
  usePageTitle('home.title')
  useTabBarTexts()
  useLoginGuard(homeStore.load)
  usePullDownRefresh(() => {
    homeStore.load().finally(() => Taro.stopPullDownRefresh())
  })

  const open = (entry: Entry) => {
    if (entry.needsCustomer && !customerStore.customerInfo) {
      Taro.showToast({ title: t('home.chooseCustomerFirst'), icon: 'none' })
      setPicking(true)
      return
    }
    formStore.setFormName(entry.name)
    if (entry.isMonth !== undefined) formStore.setIsMonth(entry.isMonth)
    // Pages not built yet fail to open in the mini program; show the not-found page instead.
    Taro.navigateTo({ url: entry.route }).catch(() => Taro.navigateTo({ url: NOT_FOUND_PAGE }))
  }

  return (
    <PageShell className="home" navBar={<NavBar title={t('home.title')} />} safeBottom={false}>
      <CustomerCard onPick={() => setPicking(true)} />
      <View className="home__date">
        <Cell
          title={t('home.workDate')}
          description={formStore.isNotToday ? t('home.notToday') : undefined}
          extra={<CellLink value={<Text className="home__date-value">{formStore.today}</Text>} />}
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
      <EntryGrid onOpen={open} />
      <CustomerPicker visible={picking} onClose={() => setPicking(false)} />
    </PageShell>
  )
})
