// Not NutUI's InfiniteLoading: it scrolls inside its own ScrollView with its own pull to refresh; the list pages scroll the page itself (the page config's pull-down refresh and reach-bottom) and a failed page offers a retry.
import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { Button, Skeleton } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import EmptyState from '@/components/EmptyState'
import { t, tCount } from '@/i18n'
import type { PagedList } from '@/stores/pagedList'
import './index.scss'

interface Props<T> {
  list: PagedList<T>
  keyOf: (item: T) => string | number
  renderItem: (item: T) => ReactNode
  /** Shown when the first page is empty. */
  emptyText?: string
}

/**
 * A list loaded page by page: a skeleton while the first page loads, the empty state, an error
 * with retry, the total, and "more" at the end (the page's reach-bottom loads it too).
 */
function RecordList<T>({ list, keyOf, renderItem, emptyText }: Props<T>) {
  const { items, loading, error, finished, loaded, total } = list
  const firstLoad = loading && items.length === 0
  return (
    <View className="record-list">
      {items.map((item) => (
        <View key={keyOf(item)} className="record-list__item">
          {renderItem(item)}
        </View>
      ))}
      {firstLoad && (
        <View className="record-list__skeleton">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} rows={3} animated />
          ))}
        </View>
      )}
      {error ? (
        <View className="record-list__footer record-list__footer--error" role="alert">
          <Text className="record-list__error">{t('recordList.failed', { message: error })}</Text>
          <Button
            size="small"
            type="primary"
            fill="outline"
            onClick={items.length ? list.loadMore : () => list.reload()}
          >
            {t('common.retry')}
          </Button>
        </View>
      ) : loaded && items.length === 0 && !loading ? (
        <EmptyState className="record-list__empty" picture="records" description={emptyText ?? t('common.empty')} />
      ) : items.length > 0 ? (
        <View className="record-list__footer">
          {loading ? (
            <Text>{t('common.loading')}</Text>
          ) : finished ? (
            <Text>{tCount('recordList.end', total, { total })}</Text>
          ) : (
            <Text className="record-list__more" onClick={list.loadMore}>
              {t('recordList.more')}
            </Text>
          )}
        </View>
      ) : null}
    </View>
  )
}

export default observer(RecordList) as typeof RecordList
