import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { assertStorageKey, contentDisposition, type Storage } from './storage';

/** Where the S3 driver keeps files; credentials come from the AWS SDK's usual chain unless given. */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, ...); unset means AWS. */
  endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name; most S3-compatible servers need it. */
  forcePathStyle?: boolean;
  credentials?: S3ClientConfig['credentials'];
}

/**
 * The S3 driver: presigned PUT and GET URLs (Signature V4, query-string auth).
 * - Upload URLs sign `content-type` and `content-length`, so S3 refuses a PUT whose Content-Type or Content-Length
 *   differ from the declared ones (403 SignatureDoesNotMatch).
 * - Download URLs carry response-content-disposition and response-content-type, so S3 serves the file under its
 *   name, inline or as an attachment.
 * - S3 cannot tell Hearth that an upload finished: the files service promotes a pending record when `exists`
 *   (HEAD) finds its bytes (see files.service.ts, "Upload completion").
 * The bucket needs a CORS rule allowing PUT and GET with the content-type header from Hearth's origin.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Otherwise the SDK presigns a checksum of the empty body and S3 refuses the real bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    driver: 's3',

    async createUploadUrl(key, { contentType, size, expiresInSeconds }) {
      assertStorageKey(key);
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: contentType, ContentLength: size });
      return getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        // The presigner leaves content-type unsigned by default; Hearth binds both to the declared file.
        signableHeaders: new Set(['content-type', 'content-length']),
      });
    },

    async createDownloadUrl(key, { filename, contentType, inline, expiresInSeconds }) {
      assertStorageKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(filename, inline),
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    async read(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body instanceof Readable ? object.Body : null;
      } catch (error) {
        if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey')) {
          return null;
        }
        throw error;
      }
    },

    async write(key, body, contentType) {
      assertStorageKey(key);
      const bytes = Buffer.isBuffer(body) ? body : await buffer(body);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
      return { size: bytes.length };
    },

    async exists(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound')) {
          return false;
        }
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
