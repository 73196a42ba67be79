import { lazy, Suspense, useEffect, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import type { CustomerPickerProps } from './index'

// H5: home needs the picker only once a customer is to be chosen. Its sheet (popup, search box and
// list) is loaded then, not before home first shows.
const CustomerPicker = lazy(() => import('./index'))

/** The loaded picker, drawn closed once and then opened: its sheet slides in the first time too. */
function FirstOpening(props: CustomerPickerProps) {
  const [drawn, setDrawn] = useState(false)
  useEffect(() => setDrawn(true), [])
  return <CustomerPicker {...props} visible={drawn && props.visible} />
}

export default function CustomerPickerOnDemand(props: CustomerPickerProps) {
  const [wanted, setWanted] = useState(props.visible)
  // A component loaded on demand misses home's show on H5: the picker is drawn afresh each time home
  // shows again, so that it is back (and its list fresh) after a page opened from it.
  const [shown, setShown] = useState(0)
  useDidShow(() => setShown((times) => times + 1))
  if (props.visible && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <FirstOpening key={shown} {...props} />
    </Suspense>
  )
}
