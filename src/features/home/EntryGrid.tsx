import { Text, View } from '@tarojs/components'
import { Badge } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import { homeStore } from '@/stores'
import { badgeText } from '@/utils'
import { ENTRY_GROUPS, HOME_ENTRIES, type HomeEntry } from '../registry'
import EntryIcon from './EntryIcon'
import './EntryGrid.scss'

const EntryTile = observer(function EntryTile({
  entry,
  onOpen,
}: {
  entry: HomeEntry
  onOpen: (entry: HomeEntry) => void
}) {
  const badge = badgeText(homeStore.countFor(entry.name))
  const icon = (
    <View className={`entry-tile__icon entry-tile__icon--${entry.home.group}`}>
      <EntryIcon name={entry.home.icon} />
    </View>
  )
  return (
    <View className="entry-tile" onClick={() => onOpen(entry)}>
      {badge ? <Badge value={badge}>{icon}</Badge> : icon}
      <Text className="entry-tile__title">{t(`entry.${entry.id}`)}</Text>
    </View>
  )
})

/** The home entries in their groups, each with today's record count. */
export default observer(function EntryGrid({ onOpen }: { onOpen: (entry: HomeEntry) => void }) {
  return (
    <View className="entry-grid">
      {ENTRY_GROUPS.map((group) => (
        <View key={group} className="entry-grid__group">
          <Text className="entry-grid__title">{t(`home.group.${group}`)}</Text>
          <View className="entry-grid__tiles">
            {HOME_ENTRIES.filter((entry) => entry.home.group === group).map((entry) => (
              <EntryTile key={entry.route} entry={entry} onOpen={onOpen} />
            ))}
          </View>
        </View>
      ))}
    </View>
  )
})
