/**
 * The form definitions shared with the app (src/forms), as the server uses them.
 *
 * src/forms is CommonJS to Node (the repository's package.json has no "type"), and Node's ESM loader
 * only sees the named exports of a CommonJS module that it can find statically, which excludes
 * `export * from` re-exports: so the helpers come from the files that define them.
 */
import { formByName, formDefinitions, stockFormDefinitions } from '../../../src/forms/index.js';
import { outApplyGeneral, outApplyGift, selfPaidItems } from '../../../src/forms/definitions/stock.js';
import {
  idOf,
  isExpired,
  isNearExpiry,
  ITEMS,
  rowsFromPackage,
  stockErrors,
  type StockBatch,
} from '../../../src/forms/definitions/stockRules.js';
import { fieldErrorMessage, type Translate } from '../../../src/forms/messages.js';
import { fieldsOf, isEmpty, labelKeyOf, validateForm, withComputed } from '../../../src/forms/validate.js';
import type { ComputeContext, Field, FieldError, FormData, FormDefinition } from '../../../src/forms/types.js';

export { fieldErrorMessage, fieldsOf, formByName, formDefinitions, isEmpty, labelKeyOf, validateForm, withComputed };
export type { ComputeContext, Field, FieldError, FormData, FormDefinition, Translate };
// The stock orders' forms (outApply/save, specialCare/save) and the stock rules the app shares.
export {
  idOf,
  isExpired,
  isNearExpiry,
  ITEMS,
  outApplyGeneral,
  outApplyGift,
  rowsFromPackage,
  selfPaidItems,
  stockErrors,
  stockFormDefinitions,
};
export type { StockBatch };

/** The record field that holds a round form's medicines (rows); the medicines table keeps them. */
export const MEDICINES = 'medicines';

/** The fields of one medicine row when the form has medicines (the two round forms), else undefined. */
export function medicineFieldsOf(definition: FormDefinition): Field[] | undefined {
  const field = fieldsOf(definition).find((f) => f.key === MEDICINES && f.type === 'rows');
  return field?.rows;
}

/** The data without the computed values a client may send, rows' included: the server computes them. */
export function withoutComputed(definition: FormDefinition, data: FormData): FormData {
  const result: FormData = {};
  const fields = new Map(fieldsOf(definition).map((f) => [f.key, f]));
  for (const [key, value] of Object.entries(data)) {
    const field = fields.get(key);
    if (field?.type === 'computed') continue;
    if (field?.type === 'rows' && Array.isArray(value)) {
      const computed = new Set((field.rows ?? []).filter((r) => r.type === 'computed').map((r) => r.key));
      result[key] = value.map((row) =>
        row && typeof row === 'object' && !Array.isArray(row)
          ? Object.fromEntries(Object.entries(row).filter(([k]) => !computed.has(k)))
          : row,
      );
      continue;
    }
    result[key] = value;
  }
  return result;
}

/** Free text of the record (text fields, rows' included) that the list's keyword search looks in. */
export function searchTextOf(definition: FormDefinition, data: FormData): string {
  const TEXT = new Set(['text', 'textarea', 'phone', 'idCard']);
  const texts = (fields: Field[], values: FormData): string[] =>
    fields.flatMap((field) => {
      const value = values[field.key];
      if (TEXT.has(field.type) && typeof value === 'string') return [value];
      if (field.type === 'rows' && Array.isArray(value)) {
        return value.flatMap((row) => (row && typeof row === 'object' ? texts(field.rows ?? [], row as FormData) : []));
      }
      return [];
    });
  return texts(fieldsOf(definition), data).join('\n');
}
