// Small helpers: file types, option names, countdowns, badges, the WeChat browser, form names.
import { t } from '@/i18n'
import { BADGE_MAX } from '@/config'

export type FileType = 'image' | 'txt' | 'excel' | 'word' | 'pdf' | 'ppt' | 'video' | 'audio' | 'other'

// Checked in this order: wmv is both a video and an audio extension, video wins.
const FILE_TYPES: [FileType, string[]][] = [
  ['image', ['png', 'jpg', 'jpeg', 'bmp', 'gif']],
  ['txt', ['txt']],
  ['excel', ['xls', 'xlsx']],
  ['word', ['doc', 'docx']],
  ['pdf', ['pdf']],
  ['ppt', ['ppt', 'pptx']],
  ['video', ['mp4', 'm2v', 'mkv', 'rmvb', 'wmv', 'avi', 'flv', 'mov', 'm4v']],
  ['audio', ['mp3', 'wav', 'wmv']],
]

/** The kind of a file by its extension (case-insensitive). */
export function fileType(name: string): FileType {
  const dot = name.lastIndexOf('.')
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
  return FILE_TYPES.find(([, extensions]) => extensions.includes(extension))?.[0] ?? 'other'
}

/** Names of the options whose id is in `ids`, joined with 、; a dash when none match. */
export function joinNames(
  ids: Array<string | number>,
  options: Array<{ id: string | number; name: string }>,
  separator = '、',
): string {
  const wanted = new Set(ids.map(String))
  const names = options.filter((option) => wanted.has(String(option.id))).map((option) => option.name)
  return names.length ? names.join(separator) : t('common.dash')
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Seconds as HH:mm:ss; hours go past 24 rather than wrapping. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
}

/** Badge text: nothing for 0, `999+` above the maximum. */
export function badgeText(count: number, max = BADGE_MAX): string {
  if (count <= 0) return ''
  return count > max ? `${max}+` : String(count)
}

/** True inside the WeChat in-app browser (H5 opened from WeChat). */
export function isWeChatBrowser(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent)
}

/** A form name as the server looks it up: without ( ) { } [ ]. */
export function stripFormName(name: string): string {
  return name.replace(/[(){}[\]]/g, '')
}

/** Day N of a stay as shown: never below 1, as she is here whatever her booked date said. */
export function dayOfStay(day: number): number {
  return Math.max(1, day)
}

/** "Day N of M" of a mother in house; nothing for one not in house, or stored before stays were kept. */
export function stayDay(stay: { day: number | null; planned_days: number } | null | undefined): string {
  return stay?.day ? t('customer.day', { day: dayOfStay(stay.day), days: stay.planned_days }) : ''
}

/** Where a mother is: her room, or 已离开 once her last stay is over (her old room is no longer hers). */
export function roomOrLeft(customer: { room: string; stay?: { status: string } | null }): string {
  return customer.stay?.status === 'left' ? t('customer.status.left') : t('customer.room', { room: customer.room })
}
