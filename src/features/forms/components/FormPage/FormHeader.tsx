import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { t } from '@/i18n'
import { workingDateStore } from '@/stores'
import { stayDay } from '@/utils'
import type { FormSession } from '@/features/forms/stores/formSession'
import { timeText } from '../../summary'
import './index.scss'

interface Props {
  definition: FormDefinition
  session: FormSession | null
  /** Opens the list of this form's records (forms with one record per event). */
  onRecords?: () => void
  /** Starts a new record (while editing a saved one). */
  onNew?: () => void
  /** Opens the customer's record of a one-per-customer form (a new one is open, a second is refused). */
  onOpenExisting?: () => void
  /** Opens the saved record as a PDF (to print or forward). */
  onExport?: () => void
  /** Throws the restored draft away (offered while one is shown). */
  onDiscardDraft?: () => void
  /** Nothing to edit (an acknowledgement already signed): no new / editing line. */
  hideStatus?: boolean
}

/** The form's title, for whom and for which working date, and whether a record is being edited. */
export default observer(function FormHeader({
  definition,
  session,
  onRecords,
  onNew,
  onOpenExisting,
  onExport,
  onDiscardDraft,
  hideStatus = false,
}: Props) {
  const customer = session?.customer
  const record = session?.record
  return (
    <View className="form-header">
      <Text className="form-header__title">{t(definition.titleKey)}</Text>
      <View className="form-header__meta">
        {/* A form of no mother (a supplier's inbound order, a department's order) names none. */}
        {definition.needsCustomer && (
          <Text className="form-header__customer">
            {customer
              ? `${t('formUi.forCustomer', { name: customer.name, room: customer.room ?? t('common.dash') })} ${stayDay(customer.stay)}`
              : t('home.noCustomer')}
          </Text>
        )}
        <Text className="form-header__date">{t('formUi.workingDate', { date: workingDateStore.today })}</Text>
      </View>
      {workingDateStore.isNotToday && (
        <View className="form-header__not-today" role="note">
          {t('formUi.notToday', { date: workingDateStore.today })}
        </View>
      )}
      {session && !hideStatus && (
        <View className="form-header__status">
          <Text className={`form-header__chip ${session.isNew ? '' : 'form-header__chip--edit'}`}>
            {session.isNew ? t('formUi.newRecord') : t('formUi.editRecord', { id: session.recordId ?? '' })}
          </Text>
          {record && !session.isNew && (
            <Text className="form-header__audit">
              {t('formUi.lastChanged', { time: timeText(record.updated_at), name: record.updated_by_name ?? '' })}
            </Text>
          )}
          {session.restored && (
            <Text className="form-header__chip form-header__chip--draft">{t('formUi.draftRestored')}</Text>
          )}
          {session.restored && onDiscardDraft && (
            <Button className="form-header__discard" size="small" fill="none" type="danger" onClick={onDiscardDraft}>
              {t('formUi.discardDraft')}
            </Button>
          )}
        </View>
      )}
      {onOpenExisting && (
        <View className="form-header__existing">
          <Text className="form-header__existing-text">
            {t('formUi.existingRecord', { title: t(definition.titleKey) })}
          </Text>
          <Button size="small" type="primary" fill="outline" onClick={onOpenExisting}>
            {t('formUi.openExisting')}
          </Button>
        </View>
      )}
      {(onRecords || onNew || onExport) && (
        <View className="form-header__actions">
          {onExport && (
            <Button className="form-header__pdf" size="small" fill="outline" type="primary" onClick={onExport}>
              {t('formUi.exportPdf')}
            </Button>
          )}
          {onRecords && (
            <Button size="small" fill="outline" type="primary" onClick={onRecords}>
              {t('formUi.records')}
            </Button>
          )}
          {onNew && (
            <Button size="small" type="primary" onClick={onNew}>
              {t('formUi.new')}
            </Button>
          )}
        </View>
      )}
    </View>
  )
})
