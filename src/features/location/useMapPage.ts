import { useRef } from 'react'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import type { MessageKey } from '@/i18n'
import { mapTilesStore } from './stores/mapTiles'

/** What both map pages do: their title, the session check, and on the first show the tiles and `start`. */
export function useMapPage(titleKey: string, start?: () => void) {
  // The map pages' strings are added to the app's (./locales), so their keys are not MessageKeys.
  usePageTitle(titleKey as MessageKey)
  const started = useRef(false)
  useLoginGuard(() => {
    if (started.current) return
    started.current = true
    mapTilesStore.load()
    start?.()
  })
}
