import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { ActionSheet, Button, Cell, CellGroup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import CellLink from '@/components/CellLink'
import Initial from '@/components/Initial'
import LanguageSwitch from '@/components/LanguageSwitch'
import PageShell from '@/components/PageShell'
import { popupPortal } from '@/components/popupPortal'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle, useTabBarTexts } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { ACCESS_LOG_PAGE, ADMIN_HOME_PAGE, DEVICES_PAGE, MODIFY_PASSWORD_PAGE, UPDATE_PAGE } from '@/routes'
import { sessionStore } from '@/stores'
import { toast } from '@/utils/feedback'
import { checkForUpdate, versionText } from '@/uni_modules/rt-uni-update/updateManager'
import './personalCenter.scss'

export default observer(function PersonalCentre() {
  const [choosingSite, setChoosingSite] = useState(false)
  usePageTitle('personalCenter.title')
  useTabBarTexts()
  useLoginGuard(() => {
    // Errors are shown by the request layer; the page keeps what it has.
    sessionStore.refreshUserInfo().catch(() => {})
    sessionStore.loadSites()
  })

  const { userInfo: user, sites } = sessionStore

  const chooseSite = (index: number) => {
    setChoosingSite(false)
    const site = sites[index]
    if (!site || site.id === user?.site_id) return
    sessionStore
      .switchSite(site.id)
      .then(() => toast(t('mine.siteSwitched', { name: site.name })))
      .catch(() => {})
  }

  const checkUpdate = () => {
    // H5 has no update manager: its update page explains that every load is the newest build.
    if (process.env.TARO_ENV === 'weapp') checkForUpdate()
    else Taro.navigateTo({ url: UPDATE_PAGE })
  }

  return (
    <PageShell className="mine" safeBottom={false}>
      <View className="mine__profile">
        <Initial className="mine__avatar" name={user?.name} size="large" />
        <View className="mine__who">
          <Text className="mine__name">{user?.name}</Text>
          <Text className="mine__account">{t('mine.accountLine', { account: user?.account ?? '' })}</Text>
          <Text className="mine__site">{user?.site_name}</Text>
        </View>
      </View>

      <CellGroup className="mine__cells">
        {sites.length > 1 && (
          <Cell
            title={t('mine.switchSite')}
            extra={<CellLink value={user?.site_name} />}
            align="center"
            clickable
            onClick={() => setChoosingSite(true)}
          />
        )}
        <Cell
          title={t('mine.changePassword')}
          extra={<CellLink />}
          align="center"
          clickable
          onClick={() => Taro.navigateTo({ url: MODIFY_PASSWORD_PAGE })}
        />
        <Cell
          title={t('mine.devices')}
          extra={<CellLink />}
          align="center"
          clickable
          onClick={() => Taro.navigateTo({ url: DEVICES_PAGE })}
        />
        {sessionStore.canAdminister && (
          <Cell
            title={t('mine.admin')}
            extra={<CellLink />}
            align="center"
            clickable
            onClick={() => Taro.navigateTo({ url: ADMIN_HOME_PAGE })}
          />
        )}
        {sessionStore.canAdminister && (
          <Cell
            title={t('mine.accessLog')}
            extra={<CellLink />}
            align="center"
            clickable
            onClick={() => Taro.navigateTo({ url: ACCESS_LOG_PAGE })}
          />
        )}
        <Cell title={t('mine.language')} extra={<LanguageSwitch />} align="center" />
        <Cell title={t('mine.version')} extra={versionText} align="center" />
        <Cell title={t('mine.checkUpdate')} extra={<CellLink />} align="center" clickable onClick={checkUpdate} />
      </CellGroup>

      <View className="mine__logout">
        <Button block type="default" onClick={sessionStore.confirmLogout}>
          {t('mine.logout')}
        </Button>
      </View>

      <ActionSheet
        visible={choosingSite}
        title={t('mine.chooseSite')}
        options={sites.map((site) => ({ name: site.name, disabled: site.id === user?.site_id }))}
        cancelText={t('common.cancel')}
        portal={popupPortal}
        onSelect={(_, index) => chooseSite(index)}
        onCancel={() => setChoosingSite(false)}
      />
    </PageShell>
  )
})
