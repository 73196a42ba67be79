// Not NutUI's SearchBar: it draws a plain Taro input, not the NutUI Input every other field uses (named, clearable, `.nut-input-native` on both targets).
import { useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import { Input } from '@nutui/nutui-react-taro'
import { Search } from '@nutui/icons-react-taro'

/** Wait for a pause in typing before searching (ms). */
const SEARCH_DELAY = 300

/**
 * A list page's search box (RecordList/page.scss: `<block>__search`): the keyword after a pause in
 * typing, starting from the list's own (`keyword`, a search she left the list with).
 */
export default function SearchBox({
  block,
  placeholder,
  keyword = '',
  onKeyword,
}: {
  block: string
  placeholder: string
  keyword?: string
  onKeyword: (keyword: string) => void
}) {
  const [typed, setTyped] = useState(keyword)
  useEffect(() => {
    const timer = setTimeout(() => onKeyword(typed.trim()), SEARCH_DELAY)
    return () => clearTimeout(timer)
    // Only typing starts a search; the callback may be a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed])
  return (
    <View className={`${block}__search`}>
      <Search size={16} color="#8a8f99" />
      <Input
        className={`${block}__keyword`}
        name="keyword"
        value={typed}
        placeholder={placeholder}
        clearable
        confirmType="search"
        onChange={setTyped}
      />
    </View>
  )
}
