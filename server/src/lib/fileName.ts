/**
 * The content-disposition of a file the server makes: its name for clients that read only the
 * plain filename (non-ASCII characters as _), and whole for those that read filename*.
 */
export const contentDisposition = (disposition: 'inline' | 'attachment', name: string) =>
  `${disposition}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`

const MiB = 1024 * 1024

/** A file size limit as people read it: 10 MB, 512 KB. */
export const readableSize = (bytes: number) =>
  bytes >= MiB ? `${Math.round((bytes / MiB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`
