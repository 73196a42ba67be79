import type { EntryIcon as EntryIconName } from '../registry'
import { ENTRY_ICONS } from './entryIcons'

// H5: NutUI's icon, drawn inline in its colour.
export default function EntryIcon({ name }: { name: EntryIconName }) {
  const Icon = ENTRY_ICONS[name]
  return <Icon size={24} color="#fff" />
}
