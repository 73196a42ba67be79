import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import type { S3Config } from '../../config.js'
import { mimeOfName } from '../../lib/images.js'
import type { UploadStore } from './store.js'

/** How long the readiness check waits for the store. */
const CHECK_TIMEOUT_MS = 5_000

const notFound = (error: { name?: string; $metadata?: { httpStatusCode?: number } }) =>
  error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404

/**
 * Uploads in an S3-compatible bucket that every instance shares (AWS S3, Alibaba Cloud OSS, Tencent
 * COS, MinIO). The bucket stays private: its files reach devices only through the server's signed links.
 */
export function openBucketStore(s3: S3Config): UploadStore {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: s3.credentials,
    forcePathStyle: s3.forcePathStyle,
    // Checksums only where S3 requires them: OSS, COS and MinIO releases refuse the SDK's newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that is down answers an error within seconds instead of holding the request.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  })
  const Bucket = s3.bucket
  return {
    async put(name, bytes, mime) {
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: mime }))
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }))
        return {
          body: object.Body as Readable,
          mime: object.ContentType ?? mimeOfName(name),
          size: object.ContentLength,
        }
      } catch (error) {
        if (notFound(error as object)) return undefined
        throw error
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }))
        return true
      } catch (error) {
        if (notFound(error as object)) return false
        throw error
      }
    },
    async list() {
      const names: string[] = []
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
        for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key)
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return names
    },
    async remove(name) {
      // S3 answers a missing key's deletion as done.
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }))
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
    },
    close: () => client.destroy(),
  }
}
