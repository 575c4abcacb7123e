import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
  S3ServiceException,
  type MultipartUpload,
} from '@aws-sdk/client-s3';
import {
  ObjectNotFoundError,
  type ByteRange,
  type DocumentStore,
  type ObjectStream,
  type StoreDiagnosis,
  type StoredObject,
  writeProbe,
} from './storage.js';
import { uploadStream } from './s3-upload.js';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, s3rver...); unset for AWS. */
  endpoint?: string;
  /** Static credentials; without them the AWS default credential chain applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prepended to every key: empty or ending in '/'. */
  prefix: string;
  /** Attempts per request, retries included (the SDK's default is 3). */
  maxAttempts?: number;
  /** How long to wait for a TCP connection; default 5 s, so an unreachable bucket fails fast. */
  connectionTimeoutMs?: number;
}

export interface S3Store extends DocumentStore {
  /** Closes the client's pooled connections. */
  destroy(): void;
}

/** A document store in an S3 or S3-compatible bucket. */
export function createS3Store(options: S3StoreOptions): S3Store {
  const { bucket, prefix } = options;
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
    // S3-compatible servers that do not know the aws-chunked trailing checksums the SDK sends by
    // default (since 3.729) reject or mangle uploads; send checksums only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    requestHandler: { connectionTimeout: options.connectionTimeoutMs ?? 5_000 },
  });
  const objectKey = (key: string): string => {
    if (key === '' || key.startsWith('/') || key.split('/').includes('..')) {
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    }
    return prefix + key;
  };

  async function put(key: string, body: Readable, contentType: string): Promise<StoredObject> {
    const size = await uploadStream(
      client,
      { Bucket: bucket, Key: objectKey(key), ContentType: contentType },
      body,
    );
    return { size };
  }

  async function get(key: string, range?: ByteRange): Promise<ObjectStream> {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return { body: answer.Body, size: wholeSize(answer.ContentRange, answer.ContentLength) };
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async function stat(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
      );
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    // S3 answers 204 whether or not the key existed.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
  }

  async function diagnose(): Promise<StoreDiagnosis> {
    const started = performance.now();
    const result = (reachable: boolean, writable: boolean, message: string): StoreDiagnosis => ({
      backend: 's3',
      location: bucket,
      reachable,
      writable,
      latencyMs: Math.round(performance.now() - started),
      message,
    });
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      return result(false, false, `Bucket ${bucket} is not reachable: ${describe(error)}`);
    }
    try {
      await writeProbe({ put, get, delete: remove });
      return result(true, true, `Bucket ${bucket} is reachable and writable.`);
    } catch (error) {
      return result(
        true,
        false,
        `Bucket ${bucket} is reachable but not writable: ${describe(error)}`,
      );
    }
  }

  /** Aborts the store's multipart uploads that a crash left unfinished (decision 024). */
  async function sweep(olderThan: Date): Promise<number> {
    let removed = 0;
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page = await client.send(
        new ListMultipartUploadsCommand({
          Bucket: bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...markers,
        }),
      );
      for (const upload of abandonedUploads(page.Uploads ?? [], prefix, olderThan)) {
        try {
          await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, ...upload }));
          removed += 1;
        } catch (error) {
          // Another process swept it first.
          if (!(error instanceof S3ServiceException && error.name === 'NoSuchUpload')) throw error;
        }
      }
      if (!page.IsTruncated || page.NextKeyMarker === undefined) return removed;
      markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
  }

  return {
    backend: 's3',
    put,
    get,
    stat,
    delete: remove,
    diagnose,
    sweep,
    destroy: () => client.destroy(),
  };
}

/**
 * Which of a ListMultipartUploads page to abort: the store's own (under `prefix`, even if a
 * server ignores the listing's Prefix) that were started before `olderThan`. An upload without
 * a start time is kept, as its age cannot be known.
 */
export function abandonedUploads(
  uploads: readonly MultipartUpload[],
  prefix: string,
  olderThan: Date,
): { Key: string; UploadId: string }[] {
  return uploads.flatMap(({ Key, UploadId, Initiated }) =>
    Key?.startsWith(prefix) && UploadId && Initiated && Initiated < olderThan
      ? [{ Key, UploadId }]
      : [],
  );
}

/** `bytes 0-99/1234` names the whole size; without a range the length is the whole size. */
function wholeSize(contentRange: string | undefined, contentLength: number | undefined): number {
  const total = contentRange?.match(/\/(\d+)$/)?.[1];
  if (total !== undefined) return Number(total);
  return contentLength ?? 0;
}

/** A missing key; a missing bucket is a configuration error and must not look like one. */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchBucket') return false;
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404
  );
}

function describe(error: unknown): string {
  if (error instanceof S3ServiceException) {
    // HEAD answers carry no body, so the SDK can only name the status ("UnknownError", "NotFound").
    const status = error.$metadata.httpStatusCode;
    const name =
      error.name === 'NotFound' ? 'the bucket does not exist' : error.message || error.name;
    return status ? `${name} (HTTP ${status})` : name;
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code)
      ? `${error.message} (${code})`
      : error.message || String(code);
  }
  return String(error);
}
