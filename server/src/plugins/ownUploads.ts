import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isOwnUpload, type UploadStore } from '../services/uploads/store.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether a signature's or photo's value refers to this server's uploads (see isOwnUpload). */
    isOwnUpload(url: string): boolean
  }
}

export interface OwnUploadsOptions {
  uploads: UploadStore
  /** The server's addresses besides the one a request came to: the API address the app builds call. */
  origins: string[]
}

/** What a save's signatures and photos may be: this server's uploads, whichever of its addresses a device uses. */
export default fp<OwnUploadsOptions>(
  async (app, { uploads, origins }) => {
    app.decorateRequest('isOwnUpload', function (this: FastifyRequest, url: string) {
      return isOwnUpload(uploads, url, [`${this.protocol}://${this.host}`, ...origins])
    })
  },
  { name: 'ownUploads' },
)
