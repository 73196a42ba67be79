import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { distanceText } from '@yuezi/contract/forms/messages'
import { t } from '@/i18n'
import { PlacePicker, placeOf, showPlace } from '../../stores/signInPlace'
import type { FieldProps } from './types'
import './LocationField.scss'

/**
 * location: tapped, the map opens at the site; the place chosen shows by name with its distance
 * from the site, flagged when it is past the site's radius, and can be viewed on the map.
 */
export default observer(function LocationField({ path, session }: FieldProps) {
  const [picker] = useState(() => new PlacePicker())
  // With its distance counted from the site, as the server will count it.
  const place = placeOf(session.computedAt(path))
  const choose = () => picker.choose(session, path)

  return (
    <View className="form-location">
      {place ? (
        <View className="form-location__box" onClick={choose}>
          <Text className="form-location__name">
            {place.name || place.address || `${place.latitude.toFixed(5)}, ${place.longitude.toFixed(5)}`}
          </Text>
          {place.name && place.address && <Text className="form-location__address">{place.address}</Text>}
          <View className="form-location__facts">
            {distanceText(place, t) && <Text className="form-location__distance">{distanceText(place, t)}</Text>}
            {place.far && <Text className="form-location__far">{t('form.location.far')}</Text>}
          </View>
        </View>
      ) : (
        <View className="form-location__box form-location__box--empty" onClick={choose}>
          <Text className="form-location__hint">{t('formUi.chooseLocation')}</Text>
        </View>
      )}
      {place && (
        <View className="form-location__actions">
          <Text className="form-location__map" onClick={() => showPlace(place)}>
            {t('formUi.viewOnMap')}
          </Text>
          <Text className="form-location__again" onClick={choose}>
            {t('formUi.chooseAgain')}
          </Text>
        </View>
      )}
      {picker.denied && (
        <View className="form-location__denied">
          <Text className="form-location__denied-text">{t('formUi.locationDenied')}</Text>
          <Button className="form-location__settings" size="small" type="primary" onClick={picker.openSettings}>
            {t('formUi.openSettings')}
          </Button>
        </View>
      )}
    </View>
  )
})
