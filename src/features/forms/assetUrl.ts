import { API_BASE } from '@/config'

/** An uploaded file's address as an image can load it: a server path gets the API origin (mini program). */
export const assetUrl = (url: string) => (url.startsWith('/') ? `${API_BASE}${url}` : url)
