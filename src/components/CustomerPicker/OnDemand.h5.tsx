import { lazy, Suspense, useState } from 'react'
import type { CustomerPickerProps } from './index'

// H5: home needs the picker only once a customer is to be chosen. Its sheet (popup, search box and
// list, about 12 KB gzip) is loaded then, not before home first shows.
const CustomerPicker = lazy(() => import('./index'))

export default function CustomerPickerOnDemand(props: CustomerPickerProps) {
  const [wanted, setWanted] = useState(props.visible)
  if (props.visible && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <CustomerPicker {...props} />
    </Suspense>
  )
}
