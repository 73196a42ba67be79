// 表格导入: a kind chosen, its template downloaded, a filled-in file uploaded; either how many rows
// came in (with staff, each account's one-time password, held only while the page is open) or every
// refused cell by row and column, to put right and upload again.
import { makeAutoObservable, runInAction } from 'mobx'
import { openServerFile } from '@/api/files'
import { RequestError } from '@/api/request'
import { t } from '@/i18n'
import { chooseSheet } from '@/utils/chooseSheet'
import {
  exportCustomers,
  importTemplate,
  uploadImport,
  type ImportedPassword,
  type ImportError,
  type ImportKind,
} from '../api/imports'

/** What can be imported, in the order offered: one line each. */
export const IMPORT_KINDS: { kind: ImportKind; labelKey: string }[] = [
  { kind: 'openingStock', labelKey: 'import.kind.openingStock' },
  { kind: 'staff', labelKey: 'import.kind.staff' },
  { kind: 'rooms', labelKey: 'import.kind.rooms' },
  { kind: 'products', labelKey: 'import.kind.products' },
  { kind: 'packages', labelKey: 'import.kind.packages' },
  { kind: 'stayPackages', labelKey: 'import.kind.stayPackages' },
  { kind: 'mothers', labelKey: 'import.kind.mothers' },
]

export class ImportSheetStore {
  kind: ImportKind = IMPORT_KINDS[0].kind
  /** The file last chosen. */
  fileName = ''
  /** What the last upload came to: rows imported, or why not. */
  result: { rows: number; passwords: ImportedPassword[] } | { message: string; errors: ImportError[] } | null = null

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  choose(kind: ImportKind) {
    this.kind = kind
    this.result = null
  }

  downloadTemplate() {
    openServerFile(() => importTemplate(this.kind), { download: true })
  }

  /** The mothers in house as a spreadsheet, in the columns their import takes. */
  exportCustomers() {
    openServerFile(() => exportCustomers(), { download: true })
  }

  /** Chooses a file and imports it; the result replaces the last one. */
  async chooseAndUpload() {
    const file = await chooseSheet()
    if (!file) return
    runInAction(() => {
      this.fileName = file.name
      this.result = null
    })
    try {
      const done = await uploadImport(this.kind, file)
      runInAction(() => (this.result = { rows: done.rows, passwords: done.passwords ?? [] }))
    } catch (error) {
      const res = error instanceof RequestError ? (error.res as { errors?: ImportError[] } | null) : null
      const message = (error as Error | undefined)?.message || t('request.serverFault')
      runInAction(() => (this.result = { message, errors: res?.errors ?? [] }))
    }
  }
}
