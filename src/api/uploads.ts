// Photos and signatures are shown through links that expire: values kept on the device (a draft's)
// are signed again before they are shown.
import type { Static } from 'typebox'
import type { UploadLinksReply } from '@yuezi/contract/api/uploads'
import { request } from './request'

/** Each value's fresh link, in order; null for a value that is no upload of the server. */
export async function uploadLinks(urls: string[]): Promise<(string | null)[]> {
  const reply = await request<Static<typeof UploadLinksReply>>(
    '/api/admin/oss/links',
    { urls },
    { loading: false, showError: false },
  )
  return reply.data.urls
}
