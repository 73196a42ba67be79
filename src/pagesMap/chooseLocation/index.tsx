import { Text, View } from '@tarojs/components'
import { useRouter, useUnload } from '@tarojs/taro'
import { Button, Input } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import 'leaflet/dist/leaflet.css'
import FieldMessage from '@/components/FieldMessage'
import PageShell from '@/components/PageShell'
import {
  PlaceMap,
  coordinatesText,
  mapTilesStore,
  placePickerStore as picker,
  queryCoordinates,
  useMapPage,
} from '@/features/location'
import '@/features/location/locales'
import { t } from '@/i18n'
import { goBackOrHome } from '@/utils/navigation'
import '../place.scss'

interface FieldProps {
  name: 'name' | 'address'
  value: string
  onChange: (value: string) => void
  message?: string
}

const FIELD_TEXTS: Record<FieldProps['name'], { labelKey: string; placeholderKey: string }> = {
  name: { labelKey: 'location.name', placeholderKey: 'location.namePlaceholder' },
  address: { labelKey: 'location.address', placeholderKey: 'location.addressPlaceholder' },
}

/** The place's name or address, found from the map or typed (what is typed is kept whatever the map does). */
const PlaceField = observer(function PlaceField({ name, value, onChange, message }: FieldProps) {
  return (
    <View className="place__field">
      <Text className="place__label">{t(FIELD_TEXTS[name].labelKey)}</Text>
      <Input
        className="place__input"
        name={name}
        value={value}
        placeholder={t(FIELD_TEXTS[name].placeholderKey)}
        onChange={onChange}
      />
      <FieldMessage message={message} />
    </View>
  )
})

/** H5's place picker (chooseLocation): drag the map under the pin, name the place, confirm. */
export default observer(function ChooseLocation() {
  const { params } = useRouter()
  useMapPage('location.chooseTitle', () => picker.open(queryCoordinates(params)))
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
        {(picker.findingAddress || picker.addressNote) && (
          <View className="place__lookup" role="status">
            {picker.findingAddress ? t('location.findingAddress') : picker.addressNote}
          </View>
        )}
        <PlaceField
          name="name"
          value={picker.name}
          onChange={picker.setName}
          message={picker.nameError ? t(picker.nameError) : undefined}
        />
        <PlaceField name="address" value={picker.address} onChange={picker.setAddress} />
        <View className="place__actions">
          <Button className="place__cancel" onClick={cancel}>
            {t('common.cancel')}
          </Button>
          <Button className="place__confirm" type="primary" disabled={!centre} onClick={confirm}>
            {t('common.confirm')}
          </Button>
        </View>
      </View>
    </PageShell>
  )
})
