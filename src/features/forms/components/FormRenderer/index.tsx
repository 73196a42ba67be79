import { useCallback, useContext } from 'react'
import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { Field, FormData, FormDefinition, Section } from '@yuezi/contract/forms/types'
import { babyAt, isEmpty } from '@yuezi/contract/forms/validate'
import { t } from '@/i18n'
import type { FormSession } from '@/features/forms/stores/formSession'
// Before the fields, so that a field's own styles follow the frame's and win where both set the
// same thing, as they did in one stylesheet.
import './index.scss'
import { FIELD_COMPONENTS, RenderFieldContext } from '../fields'
import FieldItem from './FieldItem'

/** One field in its frame, drawn by the component of its type. */
const FieldView = observer(function FieldView({
  field,
  path,
  session,
}: {
  field: Field
  path: string
  session: FormSession
}) {
  const Control = FIELD_COMPONENTS[field.type]
  // Why a visit outside the centre's rules is let in is asked only when one is (or was given).
  if (field.flagReason && !session.needsReason && isEmpty(session.valueAt(path))) return null
  return (
    <FieldItem field={field} path={path} session={session}>
      <Control field={field} path={path} session={session} />
    </FieldItem>
  )
})

const babyName = (session: FormSession, id: unknown) =>
  session.customer?.children.find((child) => child.id === id)?.name ?? t('common.dash')

/** A section's title: on a twins' round, the first baby's section is titled by her name, as each twin's is. */
const SectionTitle = observer(function SectionTitle({
  definition,
  section,
  session,
}: {
  definition: FormDefinition
  section: Section
  session: FormSession
}) {
  const first = section.babyField ? babyAt(definition, session.values, section.fields[0].key) : undefined
  return (
    <Text className="form-section__title">
      {first === undefined ? t(section.titleKey) : t('formUi.babySection', { n: 1, name: babyName(session, first) })}
    </Text>
  )
})

/** A twins' round: a section for each of her babies after the first, titled by her name; none for one baby. */
const BabySections = observer(function BabySections({ field, session }: { field: Field; session: FormSession }) {
  const renderField = useContext(RenderFieldContext)
  const value = session.valueAt(field.key)
  const rows = Array.isArray(value) ? (value as FormData[]) : []
  return (
    <>
      {rows.map((row, index) => (
        <View key={`${field.key}.${index}`} className="form-section">
          <Text className="form-section__title">
            {t('formUi.babySection', { n: index + 2, name: babyName(session, row.baby_id) })}
          </Text>
          <View className="form-section__body">
            {(field.rows ?? [])
              .filter((sub) => sub.type !== 'baby')
              .map((sub) => renderField(sub, `${field.key}.${index}.${sub.key}`))}
          </View>
        </View>
      ))}
    </>
  )
})

/**
 * Draws a form definition, section by section, bound to a form session: every field of the
 * definition appears with no other change.
 */
export default observer(function FormRenderer({
  definition,
  session,
}: {
  definition: FormDefinition
  session: FormSession
}) {
  const renderField = useCallback(
    (field: Field, path: string) => <FieldView key={path} field={field} path={path} session={session} />,
    [session],
  )
  return (
    <RenderFieldContext.Provider value={renderField}>
      <View className="form-renderer">
        {definition.sections.map((section) => {
          const perBaby = section.fields.find((field) => field.perBaby)
          if (perBaby) return <BabySections key={section.titleKey} field={perBaby} session={session} />
          return (
            <View key={section.titleKey} className="form-section">
              <SectionTitle definition={definition} section={section} session={session} />
              <View className="form-section__body">{section.fields.map((field) => renderField(field, field.key))}</View>
            </View>
          )
        })}
      </View>
    </RenderFieldContext.Provider>
  )
})
