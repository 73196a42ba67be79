import { ImportSheet } from '@/features/admin'

/** 表格导入: a kind's template, and a filled-in file imported all or nothing. */
export default function Page() {
  return <ImportSheet />
}
