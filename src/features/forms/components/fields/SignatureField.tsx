import { useRef, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { popupPortal } from '@/components/popupPortal'
import { labelKeyOf } from '@yuezi/contract/forms/validate'
import { t } from '@/i18n'
import { assetUrl } from '../../assetUrl'
import { isSigned, saveSignature } from '../../stores/uploads'
import SignaturePad, { type SignaturePadRef } from './SignaturePad'
import type { FieldProps } from './types'
import './SignatureField.scss'

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

  // A failed upload keeps the drawing on the pad for another try.
  const confirm = async () => {
    if (!isSigned(pad.current)) return
    setUploading(true)
    const saved = await saveSignature(session, path, pad.current)
    setUploading(false)
    if (saved) close()
  }

  return (
    <View className="form-signature">
      {url ? (
        <View className="form-signature__box form-signature__box--signed" onClick={() => setOpen(true)}>
          {/* At the full width of the field and the drawing's own proportions: the pad's. */}
          <Image className="form-signature__image" src={assetUrl(url)} mode="widthFix" />
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
