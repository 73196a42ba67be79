import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import 'leaflet/dist/leaflet.css'
import PageShell from '@/components/PageShell'
import {
  PlaceMap,
  coordinatesText,
  mapAppUrl,
  mapTilesStore,
  queryCoordinates,
  queryText,
  useMapPage,
} from '@/features/location'
import '@/features/location/locales'
import { t } from '@/i18n'
import { goBackOrHome } from '@/utils/navigation'
import '../place.scss'

/** H5's place view (openLocation): the pin, the name and address, and the way to a map app. */
export default observer(function OpenLocation() {
  useMapPage('location.openTitle')
  const { params } = useRouter()
  const centre = queryCoordinates(params)
  const name = queryText(params, 'name')
  const address = queryText(params, 'address')

  if (!centre) {
    return (
      <PageShell className="place">
        <View className="place__body">
          <View className="place__hint" role="alert">
            {t('location.invalid')}
          </View>
          <Button block onClick={goBackOrHome}>
            {t('common.back')}
          </Button>
        </View>
      </PageShell>
    )
  }
  return (
    <PageShell className="place">
      <PlaceMap centre={centre} tiles={mapTilesStore.tiles} />
      <View className="place__body">
        {name && <Text className="place__name">{name}</Text>}
        {address && <Text className="place__address">{address}</Text>}
        <Text className="place__coordinates">{coordinatesText(centre)}</Text>
        <a className="place__app" href={mapAppUrl({ ...centre, name })} target="_blank" rel="noopener noreferrer">
          {t('location.openInApp')}
        </a>
      </View>
    </PageShell>
  )
})
