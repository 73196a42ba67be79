import { View } from '@tarojs/components'
import type { EntryIcon as EntryIconName } from '../registry'
import './entryGlyphs.scss'

// The mini program: a glyph whose picture is in the stylesheet, so that home's setData carries a
// class name, not the SVG.
export default function EntryIcon({ name }: { name: EntryIconName }) {
  return <View className={`entry-glyph entry-glyph--${name}`} />
}
