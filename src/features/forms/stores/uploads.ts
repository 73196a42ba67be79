// Files a form's fields upload: photos (each with its progress) and a drawn signature; the
// uploaded URL becomes the field's value.
import type Taro from '@tarojs/taro'
import { makeAutoObservable, runInAction } from 'mobx'
import { uploadFile } from '@/api/request'
import { t } from '@/i18n'
import { fileType } from '@/utils'
import { chooseImage } from '@/utils/chooseImage'
import { toast } from '@/utils/feedback'
import type { FormSession } from './formSession'

/** The most photos one choice offers (the platform's own limit). */
const PER_CHOICE = 9

const nameOf = (path: string) => path.split(/[\\/]/).pop() ?? path

let nextUpload = 0

/** The URLs an images field holds. */
export function imageUrls(session: FormSession, path: string): string[] {
  const value = session.valueAt(path)
  return Array.isArray(value) ? (value as string[]) : []
}

/** The photo uploads of one images field under way, and choosing and removing its photos. */
export class ImageUploads {
  uploads: { id: number; percent: number }[] = []

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  /** Photos that can still be added, uploads under way counted. */
  room(session: FormSession, path: string, max: number) {
    return max - imageUrls(session, path).length - this.uploads.length
  }

  private async upload(session: FormSession, path: string, file: { path: string; name: string }) {
    const id = ++nextUpload
    this.uploads.push({ id, percent: 0 })
    const progress = (percent: number) =>
      runInAction(() => (this.uploads = this.uploads.map((u) => (u.id === id ? { ...u, percent } : u))))
    try {
      const uploaded = await uploadFile(file.path, { fileName: file.name, loading: false, onProgress: progress })
      session.setValue(path, [...imageUrls(session, path), uploaded.url])
    } catch {
      // The request layer has shown why; the others go on.
    } finally {
      runInAction(() => (this.uploads = this.uploads.filter((u) => u.id !== id)))
    }
  }

  /** Chooses or takes photos (images only, at most `max` in the field) and uploads them one by one. */
  async add(session: FormSession, path: string, max: number) {
    const room = this.room(session, path, max)
    if (room <= 0) {
      toast(t('formUi.imagesMax', { max }))
      return
    }
    let chosen: Taro.chooseImage.SuccessCallbackResult
    try {
      chosen = await chooseImage({
        count: Math.min(room, PER_CHOICE),
        sizeType: ['compressed'],
        sourceType: ['album', 'camera'],
      })
    } catch {
      return // cancelled
    }
    const files = (chosen.tempFiles ?? []).map((file, i) => {
      const filePath = file.path ?? chosen.tempFilePaths[i]
      const original = (file as { originalFileObj?: { name?: string } }).originalFileObj
      return { path: filePath, name: original?.name ?? nameOf(filePath) }
    })
    const images = files.filter((file) => fileType(file.name) === 'image')
    if (images.length < files.length) toast(t('formUi.imageTypes'))
    else if (images.length > room) toast(t('formUi.imagesMax', { max }))
    for (const file of images.slice(0, room)) await this.upload(session, path, file)
    session.blur(path)
  }

  remove(session: FormSession, path: string, url: string) {
    session.setValue(
      path,
      imageUrls(session, path).filter((u) => u !== url),
    )
    session.blur(path)
  }
}

/** What the signature pad gives: whether anything is drawn, and the drawing as a PNG file. */
export interface DrawnSignature {
  isEmpty(): boolean
  toFile(): Promise<{ path: string; release: () => void }>
}

/** Something is drawn on the pad; else the user is told to sign first. */
export function isSigned(pad: DrawnSignature | null): pad is DrawnSignature {
  if (pad && !pad.isEmpty()) return true
  toast(t('formUi.signFirst'))
  return false
}

/** Uploads a drawn signature as a PNG; its URL becomes the field's value. False when the upload failed (the request layer has said why). */
export async function saveSignature(session: FormSession, path: string, pad: DrawnSignature): Promise<boolean> {
  let release = () => {}
  try {
    const file = await pad.toFile()
    release = file.release
    const uploaded = await uploadFile(file.path, { fileName: 'signature.png' })
    session.setValue(path, uploaded.url)
    return true
  } catch {
    return false
  } finally {
    release()
  }
}
