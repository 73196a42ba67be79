import { Text, View } from '@tarojs/components'
import { Badge } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import { homeStore } from '@/stores'
import { badgeText } from '@/utils'
import { ENTRIES, ENTRY_GROUPS, type Entry } from './entries'
import './index.scss'

const EntryTile = observer(function EntryTile({ entry, onOpen }: { entry: Entry; onOpen: (entry: Entry) => void }) {
  const Icon = entry.icon
  const badge = badgeText(homeStore.countFor(entry.name))
  const icon = (
    <View className={`entry-tile__icon entry-tile__icon--${entry.group}`}>
      <Icon size={24} color="#fff" />
    </View>
  )
  return (
    <View className="entry-tile" onClick={() => onOpen(entry)}>
      {badge ? <Badge value={badge}>{icon}</Badge> : icon}
      <Text className="entry-tile__title">{t(entry.titleKey)}</Text>
    </View>
  )
})

/** The home entries in their groups, each with today's record count. */
export default observer(function EntryGrid({ onOpen }: { onOpen: (entry: Entry) => void }) {
  return (
    <View className="entry-grid">
      {ENTRY_GROUPS.map((group) => (
        <View key={group.id} className="entry-grid__group">
          <Text className="entry-grid__title">{t(group.titleKey)}</Text>
          <View className="entry-grid__tiles">
            {ENTRIES.filter((entry) => entry.group === group.id).map((entry) => (
              <EntryTile key={entry.route} entry={entry} onOpen={onOpen} />
            ))}
          </View>
        </View>
      ))}
    </View>
  )
})

export type { Entry }
