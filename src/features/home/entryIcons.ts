// The home entries' icons, by the name features/registry.ts gives each entry.
import type { ComponentType } from 'react'
import {
  Articles,
  Clock,
  Doctor,
  Edit,
  Gift,
  Health,
  List,
  Notice,
  Prices,
  Received,
  Store,
  Tips,
  Transit,
  UserAdd,
} from '@nutui/icons-react-taro'
import type { EntryIcon } from '../registry'

export const ENTRY_ICONS: Record<EntryIcon, ComponentType<{ size?: number | string; color?: string }>> = {
  Articles,
  Clock,
  Doctor,
  Edit,
  Gift,
  Health,
  List,
  Notice,
  Prices,
  Received,
  Store,
  Tips,
  Transit,
  UserAdd,
}
