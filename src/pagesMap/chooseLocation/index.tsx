import { useRef } from 'react'
import { Text, View } from '@tarojs/components'
import { useRouter, useUnload } from '@tarojs/taro'
import { Button, Input } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import 'leaflet/dist/leaflet.css'
import FieldMessage from '@/components/FieldMessage'
import PageShell from '@/components/PageShell'
import PlaceMap from '@/features/location/components/PlaceMap'
import { coordinatesText, queryCoordinates } from '@/features/location/places'
import { mapTilesStore } from '@/features/location/stores/mapTiles'
import { placePickerStore as picker } from '@/features/location/stores/placePicker'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { goBackOrHome } from '@/utils/navigation'
import '../place.scss'

/** H5's place picker (chooseLocation): drag the map under the pin, name the place, confirm. */
export default observer(function ChooseLocation() {
  usePageTitle('location.chooseTitle')
  const { params } = useRouter()
  const started = useRef(false)
  useLoginGuard(() => {
    if (started.current) return
    started.current = true
    mapTilesStore.load()
    picker.open(queryCoordinates(params))
  })
  // Leaving by the browser's back or the nav bar is a cancel: the caller is never left waiting.
  useUnload(() => picker.answer(null))

  const confirm = () => {
    if (picker.confirm()) goBackOrHome()
  }
  const cancel = () => {
    picker.answer(null)
    goBackOrHome()
  }

  const { centre } = picker
  return (
    <PageShell className="place">
      {centre ? (
        <PlaceMap centre={centre} tiles={mapTilesStore.tiles} onMove={picker.moveTo} />
      ) : (
        <View className="place__locating">{t('location.locating')}</View>
      )}
      <View className="place__body">
        <View className="place__hint" role="note">
          {t(picker.positionUnavailable ? 'location.positionUnavailable' : 'location.dragHint')}
        </View>
        {centre && <Text className="place__coordinates">{coordinatesText(centre)}</Text>}
        <View className="place__field">
          <Text className="place__label">{t('location.name')}</Text>
          <Input
            className="place__input"
            name="name"
            value={picker.name}
            placeholder={t('location.namePlaceholder')}
            onChange={picker.setName}
          />
          <FieldMessage message={picker.nameError ? t(picker.nameError) : undefined} />
        </View>
        <View className="place__field">
          <Text className="place__label">{t('location.address')}</Text>
          <Input
            className="place__input"
            name="address"
            value={picker.address}
            placeholder={t('location.addressPlaceholder')}
            onChange={picker.setAddress}
          />
        </View>
        <View className="place__actions">
          <Button className="place__cancel" block onClick={cancel}>
            {t('common.cancel')}
          </Button>
          <Button className="place__confirm" type="primary" block disabled={!centre} onClick={confirm}>
            {t('common.confirm')}
          </Button>
        </View>
      </View>
    </PageShell>
  )
})
