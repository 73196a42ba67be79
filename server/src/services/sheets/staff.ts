import { YES } from '@yuezi/contract/forms/definitions/masterData'
import { staffImport } from '@yuezi/contract/forms/definitions/imports'
import { addStaffAccount, newAccountProblem, type StaffInput } from '../staff.js'
import type { ImportedPassword, ImportKindSpec, RowProblem } from './import.js'

// 员工: an account per row on the importing site, with the rights the row gives there, each made as
// the staff page makes one (a free account name, a one-time password to change at first sign-in).

type NewStaff = StaffInput & { account: string }

export const staffImportKind: ImportKindSpec<NewStaff[]> = {
  definition: staffImport,
  personal: true,
  async check(db, siteId, rows) {
    const problems: RowProblem[] = []
    const seen = new Map<string, number>()
    const prepared: NewStaff[] = []
    for (const { row, data } of rows) {
      const account = String(data.account).trim()
      const first = seen.get(account)
      if (first !== undefined) {
        problems.push({ row, key: 'account', message: 'import.repeated', params: { row: first } })
        continue
      }
      seen.set(account, row)
      const problem = await newAccountProblem(db, account)
      if (problem) problems.push({ row, key: 'account', message: problem.key, params: problem.params })
      const rights = (['approve', 'administer'] as const).filter((right) => data[right] === YES)
      prepared.push({ name: String(data.name), account, sites: [{ site_id: siteId, rights }] })
    }
    return { problems, prepared }
  },
  async write(tx, actor, _importId, prepared) {
    const passwords: ImportedPassword[] = []
    for (const input of prepared) {
      const { password } = await addStaffAccount(tx, actor, input)
      passwords.push({ account: input.account, name: input.name.trim(), password })
    }
    return { passwords }
  },
}
