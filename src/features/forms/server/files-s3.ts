import { type Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileStorage, S3Settings } from './files-storage.ts';

/** Parts of 5 MB (S3's smallest), one at a time: an upload holds at most about 10 MB. */
const partBytes = 5 * 1024 * 1024;

/**
 * S3-compatible object storage (Amazon S3, MinIO, Cloudflare R2, Backblaze B2…): one object per
 * file, named by its random key. Path-style addresses and checksums only where the API asks
 * for them, which every S3-compatible service understands.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.s3Region || 'us-east-1',
    ...(settings.s3Endpoint ? { endpoint: settings.s3Endpoint } : {}),
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: {
      accessKeyId: settings.s3AccessKeyId,
      secretAccessKey: settings.s3SecretAccessKey,
    },
  });
  const Bucket = settings.s3Bucket;
  return {
    backend: 's3',
    bucket: Bucket,
    async write(file, body) {
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.byteLength;
          done(undefined, chunk);
        },
      });
      body.on('error', (error) => counted.destroy(error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: file.key, Body: body.pipe(counted), ContentType: file.mime },
        queueSize: 1,
        partSize: partBytes,
        leavePartsOnError: false,
      });
      await upload.done();
      return size;
    },
    async read(file) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: file.key }));
      if (!object.Body) throw new Error(`S3 object ${file.key} has no body`);
      return object.Body as Readable;
    },
    async remove(file) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: file.key }));
    },
  };
}
