import { useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { uploadFile } from '@/api/request'
import { UPLOAD_MAX_FILES } from '@/config'
import { t } from '@/i18n'
import { fileType } from '@/utils'
import { assetUrl } from '../../assetUrl'
import type { FieldProps } from './types'

/** The most photos one choice offers (the platform's own limit). */
const PER_CHOICE = 9

interface Upload {
  id: number
  percent: number
}

let nextUpload = 0

const nameOf = (path: string) => path.split(/[\\/]/).pop() ?? path

/**
 * images: choose or take photos (png, jpg, jpeg, bmp, gif), each uploaded with its progress;
 * at most 52 (or the field's maxItems). Tap to preview, × to remove.
 */
export default observer(function ImagesField({ field, path, session }: FieldProps) {
  const [uploads, setUploads] = useState<Upload[]>([])
  const value = session.valueAt(path)
  const urls = Array.isArray(value) ? (value as string[]) : []
  const max = Math.min(field.maxItems ?? UPLOAD_MAX_FILES, UPLOAD_MAX_FILES)
  const room = max - urls.length - uploads.length
  const toast = (title: string) => Taro.showToast({ title, icon: 'none' })

  const current = () => {
    const now = session.valueAt(path)
    return Array.isArray(now) ? (now as string[]) : []
  }

  const upload = async (file: { path: string; name: string }) => {
    const id = ++nextUpload
    setUploads((list) => [...list, { id, percent: 0 }])
    const progress = (percent: number) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, percent } : u)))
    try {
      const uploaded = await uploadFile(file.path, { fileName: file.name, loading: false, onProgress: progress })
      session.setValue(path, [...current(), uploaded.url])
    } catch {
      // The request layer has shown why; the others go on.
    } finally {
      setUploads((list) => list.filter((u) => u.id !== id))
    }
  }

  const add = async () => {
    if (room <= 0) {
      toast(t('formUi.imagesMax', { max }))
      return
    }
    let chosen: Taro.chooseImage.SuccessCallbackResult
    try {
      chosen = await Taro.chooseImage({
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
    for (const file of images.slice(0, room)) await upload(file)
    session.blur(path)
  }

  const remove = (url: string) => {
    session.setValue(path, urls.filter((u) => u !== url))
    session.blur(path)
  }

  return (
    <View className="form-images">
      {urls.map((url) => (
        <View key={url} className="form-images__item">
          <Image
            className="form-images__image"
            src={assetUrl(url)}
            mode="aspectFill"
            onClick={() => Taro.previewImage({ current: assetUrl(url), urls: urls.map(assetUrl) })}
          />
          <View className="form-images__remove" aria-label={t('formUi.removeImage')} onClick={() => remove(url)}>
            <Text className="form-images__x">×</Text>
          </View>
        </View>
      ))}
      {uploads.map((u) => (
        <View key={u.id} className="form-images__item form-images__item--uploading">
          <Text className="form-images__percent">{t('formUi.uploading', { percent: u.percent })}</Text>
        </View>
      ))}
      {room > 0 && (
        <View className="form-images__item form-images__add" onClick={add}>
          <Text className="form-images__plus">+</Text>
          <Text className="form-images__count">
            {urls.length}/{max}
          </Text>
        </View>
      )}
    </View>
  )
})
