import { createContext, type ReactNode } from 'react'
import type { Field } from '@yuezi/contract/forms/types'

/** Draws one field at a path; given by the renderer, so that rows can draw their own fields. */
export const RenderFieldContext = createContext<(field: Field, path: string) => ReactNode>(() => null)
