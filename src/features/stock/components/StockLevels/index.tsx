import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { popupPortal } from '@/components/popupPortal'
import RecordList from '@/components/RecordList'
import { timeText } from '@/features/forms'
import '@/features/forms/locales'
import { useListPage } from '@/hooks/useListPage'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { orderKindKey, StockLevelsStore, type BatchMovement, type StockBatch } from '../../stores/stockLevels'
import './index.scss'

/** A batch's expiry as the batch choices mark it: expired, near expiry, or just the date. */
function expiryTag(batch: StockBatch) {
  if (batch.expired) return { key: 'stockLevels.expiredOn', modifier: 'expired' } as const
  if (batch.near_expiry) return { key: 'stockLevels.nearExpiryOn', modifier: 'near' } as const
  return { key: 'stockLevels.expiresOn', modifier: 'fresh' } as const
}

/** A movement as a line: in or out, the order behind it (kind, number, date) and who moved it when. */
const Movement = observer(function Movement({ store, movement }: { store: StockLevelsStore; movement: BatchMovement }) {
  const kind = orderKindKey(movement)
  const order = t(`stockLevels.kind.${kind}`, { kind: movement.order_kind })
  return (
    <View
      className={`stock-levels__movement ${store.opens(movement) ? 'stock-levels__movement--opens' : ''}`}
      onClick={() => store.openOrder(movement)}
    >
      <Text className={`stock-levels__delta stock-levels__delta--${movement.delta > 0 ? 'in' : 'out'}`}>
        {movement.delta > 0 ? `+${movement.delta}` : String(movement.delta)}
      </Text>
      <View className="stock-levels__order">
        <Text className="stock-levels__order-no">
          {[order, movement.order_no ?? `#${movement.order_id}`].join(' ')}
          {movement.action === 'reverse' ? ` · ${t('stock.status.reversed')}` : ''}
        </Text>
        <Text className="stock-levels__meta">
          {t('stockLevels.movedBy', {
            date: movement.order_date ?? t('common.dash'),
            name: movement.by_name || t('common.dash'),
            time: timeText(movement.at),
          })}
        </Text>
      </View>
    </View>
  )
})

/** The stock page: per product what its batches hold; a product's batches; a batch's movements and their orders. */
export default observer(function StockLevels() {
  const [store] = useState(() => new StockLevelsStore())
  usePageTitle('stockLevels.title' as MessageKey)
  useListPage({ refresh: store.refresh, loadMore: store.products.loadMore })
  const { product } = store

  return (
    <PageShell className="stock-levels" navBar={<NavBar title={t('stockLevels.title')} back />}>
      <View className="stock-levels__filters">
        <View className="stock-levels__new">
          <Button size="small" fill="outline" onClick={store.exportSheet}>
            {t('sheet.export')}
          </Button>
        </View>
      </View>
      <View className="stock-levels__items">
        <RecordList
          list={store.products}
          keyOf={(item) => item.product_id}
          emptyText={t('stockLevels.empty')}
          renderItem={(item) => (
            <View className="stock-levels__card" onClick={() => store.openProduct(item)}>
              <View className="stock-levels__head">
                <Text className="stock-levels__name">{item.name}</Text>
                <Text className="stock-levels__on-hand">
                  {t('stockLevels.onHand', { quantity: item.on_hand, unit: item.unit })}
                </Text>
              </View>
              <Text className="stock-levels__line">{[item.spec, item.category].filter(Boolean).join(' · ')}</Text>
              {(item.near_expiry > 0 || item.expired > 0) && (
                <View className="stock-levels__flags">
                  {item.near_expiry > 0 && (
                    <Text className="stock-levels__tag stock-levels__tag--near">
                      {t('stockLevels.nearExpiryCount', { quantity: item.near_expiry })}
                    </Text>
                  )}
                  {item.expired > 0 && (
                    <Text className="stock-levels__tag stock-levels__tag--expired">
                      {t('stockLevels.expiredCount', { quantity: item.expired })}
                    </Text>
                  )}
                </View>
              )}
            </View>
          )}
        />
      </View>

      <Popup
        className="stock-levels__popup"
        visible={product !== null}
        position="bottom"
        round
        closeable
        title={product ? `${product.name} ${product.spec}`.trim() : ''}
        portal={popupPortal}
        onClose={store.closeProduct}
      >
        <View className="stock-levels__batches">
          {store.batchesError && (
            <Button size="small" fill="outline" onClick={() => product && store.openProduct(product)}>
              {t('common.retry')}
            </Button>
          )}
          {product && !store.batchesError && store.batches.length === 0 && (
            <Text className="stock-levels__none">{t('stockLevels.noBatches')}</Text>
          )}
          {store.batches.map((batch) => {
            const tag = expiryTag(batch)
            const open = store.batch?.id === batch.id
            return (
              <View key={batch.id} className="stock-levels__batch-block">
                <View className="stock-levels__batch" onClick={() => store.toggleBatch(batch)}>
                  <View className="stock-levels__order">
                    <Text className="stock-levels__batch-no">{t('stockLevels.batch', { batch: batch.batch_no })}</Text>
                    <Text className={`stock-levels__expiry stock-levels__expiry--${tag.modifier}`}>
                      {t(tag.key, { expiry: batch.expiry_date })}
                    </Text>
                  </View>
                  <Text className="stock-levels__quantity">
                    {t('stockLevels.onHand', { quantity: batch.quantity, unit: product?.unit ?? '' })}
                  </Text>
                </View>
                {open && (
                  <View className="stock-levels__movements">
                    <RecordList
                      list={store.movements}
                      keyOf={(movement) => movement.id}
                      emptyText={t('stockLevels.noMovements')}
                      renderItem={(movement) => <Movement store={store} movement={movement} />}
                    />
                  </View>
                )}
              </View>
            )
          })}
        </View>
      </Popup>
    </PageShell>
  )
})
