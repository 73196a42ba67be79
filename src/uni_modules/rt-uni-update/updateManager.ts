// The mini program's update flow: WeChat checks for a new
// version at every cold start and downloads it; once it is ready the user is
// asked to restart, and a failed download asks them to delete and reopen the
// mini program. H5 has nothing to update: every load fetches the server's build.
import Taro from '@tarojs/taro'
import { observable, runInAction } from 'mobx'
import { APP_VERSION, APP_VERSION_CODE } from '@/config'
import { t } from '@/i18n'
import { alert, confirm, toast } from '@/utils/feedback'

type UpdateStatus = 'checking' | 'latest' | 'downloading' | 'ready' | 'failed'

/** What the launch check found; WeChat reports it once per cold start. */
export const update = observable({ status: 'checking' as UpdateStatus })

const setStatus = (status: UpdateStatus) => runInAction(() => (update.status = status))

/** The running version as shown to users: `1.0.0 (100)`. */
export const versionText = `${APP_VERSION} (${APP_VERSION_CODE})`

function askToRestart() {
  confirm(t('update.ready'), { title: t('update.tip') }).then((confirmed) => {
    if (confirmed) Taro.getUpdateManager().applyUpdate()
  })
}

function reportFailure() {
  alert(t('update.failed'), t('update.tip'))
}

/** Listens to the update manager; called once at launch (weapp only). */
export function watchUpdate() {
  if (process.env.TARO_ENV !== 'weapp') return
  const manager = Taro.getUpdateManager()
  manager.onCheckForUpdate(({ hasUpdate }) => setStatus(hasUpdate ? 'downloading' : 'latest'))
  manager.onUpdateReady(() => {
    setStatus('ready')
    askToRestart()
  })
  manager.onUpdateFailed(() => {
    setStatus('failed')
    reportFailure()
  })
}

/** "Check for update": the mini program cannot start a check itself, so act on what the launch check found. */
export function checkForUpdate() {
  switch (update.status) {
    case 'ready':
      return askToRestart()
    case 'failed':
      return reportFailure()
    default:
      return toast(t(`update.${update.status}`))
  }
}
