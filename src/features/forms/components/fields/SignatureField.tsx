import { useRef, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { uploadFile } from '@/api/request'
import { popupPortal } from '@/components/popupPortal'
import { labelKeyOf } from '@/forms/validate'
import { t } from '@/i18n'
import { assetUrl } from '../../assetUrl'
import SignaturePad, { type SignaturePadRef } from './SignaturePad'
import type { FieldProps } from './types'

/**
 * signature: drawn on a pad in a popup, uploaded as a PNG; the value is its URL, shown as the
 * image (a reopened record's too). Tapping the image signs again.
 */
export default observer(function SignatureField({ field, path, session }: FieldProps) {
  const [open, setOpen] = useState(false)
  const [uploading, setUploading] = useState(false)
  const pad = useRef<SignaturePadRef>(null)
  const value = session.valueAt(path)
  const url = typeof value === 'string' && value ? value : ''

  const close = () => {
    setOpen(false)
    session.blur(path)
  }

  const confirm = async () => {
    if (!pad.current || pad.current.isEmpty()) {
      Taro.showToast({ title: t('formUi.signFirst'), icon: 'none' })
      return
    }
    setUploading(true)
    let release = () => {}
    try {
      const file = await pad.current.toFile()
      release = file.release
      const uploaded = await uploadFile(file.path, { fileName: 'signature.png' })
      session.setValue(path, uploaded.url)
      close()
    } catch {
      // The request layer has said why; the drawing stays on the pad for another try.
    } finally {
      release()
      setUploading(false)
    }
  }

  return (
    <View className="form-signature">
      {url ? (
        <View className="form-signature__box" onClick={() => setOpen(true)}>
          <Image className="form-signature__image" src={assetUrl(url)} mode="aspectFit" />
          <Text className="form-signature__again">{t('formUi.signAgain')}</Text>
        </View>
      ) : (
        <View className="form-signature__box form-signature__box--empty" onClick={() => setOpen(true)}>
          <Text className="form-signature__pen">✍</Text>
          <Text className="form-signature__hint">{t('formUi.tapToSign')}</Text>
        </View>
      )}
      <Popup
        className="form-signature__popup"
        visible={open}
        position="bottom"
        round
        closeable
        title={t(labelKeyOf(field))}
        portal={popupPortal}
        onClose={close}
      >
        {open && <SignaturePad ref={pad} />}
        <Text className="form-signature__tip">{t('formUi.signHere')}</Text>
        <View className="form-signature__actions">
          <Button className="form-signature__clear" size="large" onClick={() => pad.current?.clear()}>
            {t('formUi.clearSignature')}
          </Button>
          <Button className="form-signature__confirm" size="large" type="primary" loading={uploading} onClick={confirm}>
            {t('common.confirm')}
          </Button>
        </View>
      </Popup>
    </View>
  )
})
