import { GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import type { PhotoStore } from './store.ts';

/** A missing object: HEAD answers a bare 404 (NotFound), GET a NoSuchKey. */
const isMissing = (error: unknown): boolean => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

/**
 * The SDK's client for the bucket. A service other than Amazon S3 (S3_ENDPOINT: MinIO, R2, the
 * tests' s3rver) is addressed path-style (http://host/bucket/key), which all of them take; and
 * checksums are sent and checked only where S3 requires them, as services that predate the SDK's
 * default CRC32 headers (early 2025) refuse or ignore them.
 */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Photos as objects `{prefix}{tutor id}.jpg` in an S3-compatible bucket, each with its version in
 * its metadata (x-amz-meta-version). A PUT replaces an object whole, so a reader sees the old photo
 * or the new one, and of parallel uploads the last one's is kept.
 */
export function s3PhotoStore(settings: S3Settings, client: S3Client = s3Client(settings)): PhotoStore {
  const { bucket, prefix } = settings;
  const key = (tutorId: number) => `${prefix}${tutorId}.jpg`;
  const keyPattern = new RegExp(`^${prefix.replace(/[.]/g, '\\.')}([0-9]+)\\.jpg$`);
  return {
    where: `the bucket ${bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''} (${prefix}{id}.jpg)`,
    async save(tutorId, photo) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key(tutorId), Body: photo.jpeg, ContentType: 'image/jpeg', Metadata: { version: photo.version } }));
    },
    async version(tutorId) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(tutorId) }))).Metadata?.version;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async read(tutorId) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(tutorId) }));
        const jpeg = Buffer.from(await object.Body!.transformToByteArray());
        const version = object.Metadata?.version;
        if (!version) throw new Error(`${key(tutorId)} in the bucket ${bucket} has no version (x-amz-meta-version): it was not written by this server`);
        return { version, jpeg };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async tutorIds() {
      const ids: number[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          const match = keyPattern.exec(object.Key ?? '');
          if (match) ids.push(Number(match[1]));
        }
      }
      return ids.sort((a, b) => a - b);
    },
  };
}
