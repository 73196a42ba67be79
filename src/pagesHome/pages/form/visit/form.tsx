import FormPage from '@/components/form/FormPage'
import LeavingVisitors from '@/components/form/LeavingVisitors'
import { visit } from '@/forms/definitions/visit'
import { centreClock } from '@/stores/centreClock'

/** 访客出入登记表; a visitor leaving: their visit of the day opens with the time out set to now. */
export default function Page() {
  return (
    <FormPage
      definition={visit}
      tools={({ open }) => <LeavingVisitors onPick={(id) => open(id, { time_out: centreClock.now() })} />}
    />
  )
}
