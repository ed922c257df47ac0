import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** An object as the stand-in keeps it. */
export type StandInObject = { bytes: Buffer; contentType: string };

export type S3StandIn = {
  url: string;
  /** Objects by `bucket/key`. */
  objects: Map<string, StandInObject>;
  /** Every call, as `METHOD operation bucket/key`, oldest first. */
  calls: string[];
  /** Multipart uploads begun and not yet completed or aborted. */
  openUploads: () => number;
  stop: () => Promise<void>;
};

const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};

const notFound = (res: ServerResponse, key: string) =>
  xml(
    res,
    404,
    `<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`,
  );

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const etagOf = (bytes: Buffer) => `"${randomBytes(8).toString('hex')}${bytes.byteLength}"`;

/**
 * A small S3-compatible server for tests, path-style (`/{bucket}/{key}`), answering what
 * Quire's storage calls with the shapes of the S3 API reference: PutObject, the multipart
 * upload (CreateMultipartUpload, UploadPart, CompleteMultipartUpload, AbortMultipartUpload),
 * GetObject and DeleteObject. It checks no signature: the SDK's signing is its own business.
 */
export async function startS3StandIn(): Promise<S3StandIn> {
  const objects = new Map<string, StandInObject>();
  const uploads = new Map<
    string,
    { name: string; contentType: string; parts: Map<number, Buffer> }
  >();
  const calls: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://s3.invalid');
      const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
      const key = decodeURIComponent(rest.join('/'));
      const name = `${bucket}/${key}`;
      const uploadId = url.searchParams.get('uploadId');
      const method = req.method ?? 'GET';
      const body = await bodyOf(req);
      if (method === 'POST' && url.searchParams.has('uploads')) {
        calls.push(`POST CreateMultipartUpload ${name}`);
        const id = randomBytes(12).toString('hex');
        uploads.set(id, {
          name,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
          parts: new Map(),
        });
        return xml(
          res,
          200,
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      if (uploadId !== null) {
        const upload = uploads.get(uploadId);
        if (!upload || upload.name !== name) {
          return xml(res, 404, '<Error><Code>NoSuchUpload</Code></Error>');
        }
        if (method === 'PUT') {
          const part = Number(url.searchParams.get('partNumber'));
          calls.push(`PUT UploadPart ${name} ${part}`);
          upload.parts.set(part, body);
          res.writeHead(200, { ETag: etagOf(body) });
          return res.end();
        }
        if (method === 'POST') {
          calls.push(`POST CompleteMultipartUpload ${name}`);
          const bytes = Buffer.concat(
            [...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part),
          );
          objects.set(name, { bytes, contentType: upload.contentType });
          uploads.delete(uploadId);
          return xml(
            res,
            200,
            `<CompleteMultipartUploadResult><Location>http://s3.invalid/${name}</Location><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${etagOf(bytes)}</ETag></CompleteMultipartUploadResult>`,
          );
        }
        if (method === 'DELETE') {
          calls.push(`DELETE AbortMultipartUpload ${name}`);
          uploads.delete(uploadId);
          res.writeHead(204);
          return res.end();
        }
      }
      if (method === 'PUT') {
        calls.push(`PUT PutObject ${name}`);
        objects.set(name, {
          bytes: body,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        });
        res.writeHead(200, { ETag: etagOf(body) });
        return res.end();
      }
      if (method === 'GET') {
        calls.push(`GET GetObject ${name}`);
        const object = objects.get(name);
        if (!object) return notFound(res, key);
        res.writeHead(200, {
          'Content-Type': object.contentType,
          'Content-Length': String(object.bytes.byteLength),
          ETag: etagOf(object.bytes),
        });
        return res.end(object.bytes);
      }
      if (method === 'DELETE') {
        calls.push(`DELETE DeleteObject ${name}`);
        objects.delete(name);
        res.writeHead(204);
        return res.end();
      }
      return xml(res, 405, '<Error><Code>MethodNotAllowed</Code></Error>');
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    calls,
    openUploads: () => uploads.size,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
