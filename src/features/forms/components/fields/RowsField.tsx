import { useContext } from 'react'
import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import type { Field, FormData } from '@yuezi/contract/forms/types'
import { isEmpty, labelKeyOf } from '@yuezi/contract/forms/validate'
import { t } from '@/i18n'
import { confirm } from '@/utils/feedback'
import { RenderFieldContext } from './context'
import type { FieldProps } from './types'
import './RowsField.scss'

const ROWS_MAX = 100

/** The locale key naming one row of a rows field. */
export const rowNameKeyOf = (field: Field) => `form.row.${field.key}`

// Rows keep their React key when a row above them is removed (the row objects keep their identity).
const rowKeys = new WeakMap<object, number>()
let nextRowKey = 0
function keyOf(row: unknown, index: number): string | number {
  if (!row || typeof row !== 'object') return `i${index}`
  if (!rowKeys.has(row)) rowKeys.set(row, ++nextRowKey)
  return rowKeys.get(row)!
}

/** rows: a small sub-form repeated (medicines, babies): add a row, remove a row, each field checked like any other. */
export default observer(function RowsField({ field, path, session }: FieldProps) {
  const renderField = useContext(RenderFieldContext)
  const value = session.valueAt(path)
  const rows = Array.isArray(value) ? (value as FormData[]) : []
  const max = field.maxItems ?? ROWS_MAX
  const label = t(labelKeyOf(field))
  // The label names all the rows (Babies); one row has its own name (Baby 1, Add baby).
  const rowName = t(rowNameKeyOf(field))

  const titleOf = (index: number) => t('formUi.rowTitle', { row: rowName, n: index + 1 })

  const remove = async (index: number) => {
    const row = rows[index]
    const filled = row && Object.values(row).some((v) => !isEmpty(v))
    if (filled) {
      // The question names the row as its title does, and by the name typed in it when it has one.
      const name = typeof row.name === 'string' ? row.name.trim() : ''
      const what = name ? t('formUi.rowNamed', { row: titleOf(index), name }) : titleOf(index)
      if (!(await confirm(t('formUi.removeRowConfirm', { row: what })))) return
    }
    session.removeRow(field.key, index)
  }

  return (
    <View className="form-rows">
      {rows.map((row, index) => (
        <View key={keyOf(row, index)} className="form-rows__row">
          <View className="form-rows__head">
            <Text className="form-rows__title">{titleOf(index)}</Text>
            <Button className="form-rows__remove" size="small" fill="none" type="danger" onClick={() => remove(index)}>
              {t('formUi.removeRow')}
            </Button>
          </View>
          {(field.rows ?? []).map((sub) => renderField(sub, `${path}.${index}.${sub.key}`))}
        </View>
      ))}
      {rows.length === 0 && <Text className="form-rows__empty">{t('formUi.noRows', { label })}</Text>}
      {rows.length < max && (
        <Button
          className="form-rows__add"
          block
          fill="outline"
          type="primary"
          icon={<Text className="form-rows__plus">+</Text>}
          onClick={() => session.addRow(field.key)}
        >
          {t('formUi.addRow', { row: rowName })}
        </Button>
      )}
    </View>
  )
})
