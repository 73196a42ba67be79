// Not NutUI's Uploader: its value is its own file list and its type filter is H5's `accept` only; here the value is the uploaded URLs, the extension is checked on both targets and each photo goes through the request layer with its progress.
import { useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { UPLOAD_MAX_FILES } from '@/config'
import { t } from '@/i18n'
import { previewImage } from '@/utils/previewImage'
import { assetUrl } from '../../assetUrl'
import { ImageUploads, imageUrls } from '../../stores/uploads'
import type { FieldProps } from './types'
import './ImagesField.scss'

/**
 * images: choose or take photos (png, jpg, jpeg, bmp, gif), each uploaded with its progress;
 * at most 52 (or the field's maxItems). Tap to preview, × to remove.
 */
export default observer(function ImagesField({ field, path, session }: FieldProps) {
  const [store] = useState(() => new ImageUploads())
  const urls = imageUrls(session, path)
  const max = Math.min(field.maxItems ?? UPLOAD_MAX_FILES, UPLOAD_MAX_FILES)
  const room = store.room(session, path, max)

  return (
    <View className="form-images">
      {urls.map((url) => (
        <View key={url} className="form-images__item">
          <Image
            className="form-images__image"
            src={assetUrl(url)}
            mode="aspectFill"
            onClick={() => previewImage(assetUrl(url), urls.map(assetUrl))}
          />
          <View
            className="form-images__remove"
            aria-label={t('formUi.removeImage')}
            onClick={() => store.remove(session, path, url)}
          >
            <Text className="form-images__x">×</Text>
          </View>
        </View>
      ))}
      {store.uploads.map((u) => (
        <View key={u.id} className="form-images__item form-images__item--uploading">
          <Text className="form-images__percent">{t('formUi.uploading', { percent: u.percent })}</Text>
        </View>
      ))}
      {room > 0 && (
        <View className="form-images__item form-images__add" onClick={() => store.add(session, path, max)}>
          <Text className="form-images__plus">+</Text>
          <Text className="form-images__count">
            {urls.length}/{max}
          </Text>
        </View>
      )}
    </View>
  )
})
