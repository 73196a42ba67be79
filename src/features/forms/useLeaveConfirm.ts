// Leaving a form with unsaved entries asks first; what was typed stays as a draft either way.
import { useEffect, useRef, useState } from 'react'
import Taro, { useDidHide, useDidShow } from '@tarojs/taro'
import { reaction } from 'mobx'
import { t, type MessageKey } from '@/i18n'
import { confirm } from '@/utils/feedback'
import { clearLeaveGuard, setLeaveGuard, type LeaveGuard } from '@/utils/navigation'

const MESSAGE = 'formUi.leaveConfirm' as MessageKey

/**
 * While `hasUnsaved()` holds, leaving the page asks. In the mini program WeChat asks itself on
 * its back button and gesture; on H5 the in-app back and home ask, and so does the browser's back.
 */
export function useLeaveConfirm(hasUnsaved: () => boolean) {
  const check = useRef(hasUnsaved)
  check.current = hasUnsaved
  const [guard] = useState<LeaveGuard>(() => {
    // The user agreed to leave: the navigation under way is let through.
    let leaving = false
    return {
      blocks: () => !leaving && check.current(),
      ask: async () => {
        leaving = await confirm(t(MESSAGE), {
          confirmText: t('formUi.leave' as MessageKey),
          cancelText: t('formUi.keepEditing' as MessageKey),
        })
        return leaving
      },
    }
  })

  useDidShow(() => {
    if (process.env.TARO_ENV === 'h5') setLeaveGuard(guard)
  })
  useDidHide(() => {
    if (process.env.TARO_ENV === 'h5') clearLeaveGuard(guard)
  })

  useEffect(() => {
    if (process.env.TARO_ENV === 'h5') return () => clearLeaveGuard(guard)
    return reaction(
      () => check.current(),
      (unsaved) => {
        if (unsaved) Taro.enableAlertBeforeUnload({ message: t(MESSAGE) })
        else Taro.disableAlertBeforeUnload()
      },
      { fireImmediately: true },
    )
  }, [guard])
}
