// What the app tells the user over the page: a toast, a message to acknowledge, a question.
import Taro from '@tarojs/taro'
import { TOAST_DURATION, TOAST_LONG_DURATION } from '@/config'
import { t } from '@/i18n'

/** The red of a confirm button whose action cannot be undone (delete, reverse). */
const DANGER_COLOR = '#fa2c19'

/** A short message over the page; `long` for one naming fields or items, to be read; `success` with a tick. */
export function toast(title: string, { long = false, success = false }: { long?: boolean; success?: boolean } = {}) {
  return Taro.showToast({
    title,
    icon: success ? 'success' : 'none',
    duration: long ? TOAST_LONG_DURATION : TOAST_DURATION,
  })
}

/** A message the user acknowledges (one button). */
export function alert(content: string, title = t('request.tip')) {
  return Taro.showModal({ title, content, showCancel: false, confirmText: t('common.confirm') })
}

/** Asks before an action: true when confirmed. `danger` colours the button of an action that cannot be undone. */
export async function confirm(
  content: string,
  {
    title = t('request.tip'),
    confirmText = t('common.confirm'),
    cancelText = t('common.cancel'),
    danger = false,
  }: { title?: string; confirmText?: string; cancelText?: string; danger?: boolean } = {},
): Promise<boolean> {
  const { confirm: confirmed } = await Taro.showModal({
    title,
    content,
    confirmText,
    ...(danger ? { confirmColor: DANGER_COLOR } : {}),
    cancelText,
  })
  return confirmed
}
