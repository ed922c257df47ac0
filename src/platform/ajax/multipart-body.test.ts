import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type FilePart, readMultipartBody, type UploadReceiver } from './multipart-body.ts';

type Kept = { field: string; name: string; bytes: number };

/** A receiver that counts each file's bytes as they stream past, and records what it released. */
function countingReceiver(limits: { maxFiles: number; maxFileBytes: number }) {
  const released: Kept[][] = [];
  const receiver: UploadReceiver<Kept> = {
    limits: async (fields) =>
      fields.some(([name]) => name === 'form') ? limits : { status: 400, message: 'no form' },
    async receive(part: FilePart) {
      let bytes = 0;
      for await (const chunk of part.stream as Readable) bytes += (chunk as Buffer).byteLength;
      return { field: part.fieldName, name: part.fileName, bytes };
    },
    release: async (files) => {
      released.push([...files]);
    },
    tooLargeMessage: (total, max) => `${total} > ${max}`,
    tooManyFilesMessage: (max) => `at most ${max}`,
  };
  return { receiver, released };
}

function request(parts: Array<[string, string] | [string, Uint8Array, string]>) {
  const body = new FormData();
  for (const part of parts) {
    if (part.length === 2) body.append(part[0], part[1]);
    else body.append(part[0], new File([part[1] as Uint8Array<ArrayBuffer>], part[2]));
  }
  return new Request('http://site.invalid/ajax', { method: 'POST', body });
}

const read = (req: Request, receiver: UploadReceiver<Kept>) =>
  readMultipartBody(req, req.headers.get('content-type') ?? '', {
    maxTextBytes: 1000,
    maxFields: 10,
    receiver,
  });

describe('a multipart body read as it arrives', () => {
  it('gives the text fields and the files the receiver stored', async () => {
    const { receiver } = countingReceiver({ maxFiles: 2, maxFileBytes: 100 });
    const result = await read(
      request([
        ['form', '1'],
        ['f', new Uint8Array(40), 'a.bin'],
        ['name', 'Ada'],
      ]),
      receiver,
    );
    expect(result).toEqual({
      ok: true,
      entries: [
        ['form', '1'],
        ['name', 'Ada'],
      ],
      files: [{ field: 'f', name: 'a.bin', bytes: 40 }],
      bytes: 4 + 1 + 4 + 3 + 40,
    });
  });

  it('refuses files over the limit in all, with their whole size, and releases what was stored', async () => {
    const { receiver, released } = countingReceiver({ maxFiles: 3, maxFileBytes: 100 });
    const result = await read(
      request([
        ['form', '1'],
        ['f', new Uint8Array(60), 'a.bin'],
        ['f', new Uint8Array(70), 'b.bin'],
      ]),
      receiver,
    );
    expect(result).toMatchObject({ ok: false, status: 413, message: '130 > 100' });
    expect(released.flat().map((file) => file.name)).toEqual(['a.bin']);
  });

  it('refuses more files than the form takes, and files before the form is named', async () => {
    const many = countingReceiver({ maxFiles: 1, maxFileBytes: 100 });
    expect(
      await read(
        request([
          ['form', '1'],
          ['f', new Uint8Array(1), 'a'],
          ['f', new Uint8Array(1), 'b'],
        ]),
        many.receiver,
      ),
    ).toMatchObject({ ok: false, status: 413, message: 'at most 1' });
    const early = countingReceiver({ maxFiles: 1, maxFileBytes: 100 });
    expect(
      await read(
        request([
          ['f', new Uint8Array(1), 'a'],
          ['form', '1'],
        ]),
        early.receiver,
      ),
    ).toMatchObject({ ok: false, status: 400, message: 'no form' });
  });

  it('refuses text fields past their limits', async () => {
    const { receiver } = countingReceiver({ maxFiles: 1, maxFileBytes: 100 });
    expect(await read(request([['big', 'x'.repeat(2000)]]), receiver)).toMatchObject({
      ok: false,
      status: 413,
    });
    const fields = Array.from({ length: 12 }, (_, i): [string, string] => [`n${i}`, 'v']);
    expect(await read(request(fields), receiver)).toMatchObject({ ok: false, status: 413 });
  });
});
