import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/features/admin/server/sessions.ts';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { moreMessages } from '../../src/features/forms/more-messages.ts';
import { sweepUnclaimedFiles } from '../../src/features/forms/server/files-entries.ts';
import {
  readFileSettings,
  writeFileSettings,
} from '../../src/features/forms/server/files-settings-store.ts';
import { fileStorages } from '../../src/features/forms/server/files-storage.ts';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';
import { runQuire } from '../support/quire-cli.ts';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.ts';
import { startTestSite, type TestServer, type TestSite } from '../support/test-server.ts';

const secret = 'form-files-http-test-secret-0123456789abcdef';

/** A form with every file-backed field: uploads (png or txt, 100 KB each, 3), a photo, a signature. */
const filesForm = {
  title: 'Files',
  settings: { antispam: { honeypot: true, minimumSeconds: 0 } },
  fields: [
    { id: 1, type: 'text', label: 'Name' },
    {
      id: 2,
      type: 'file-upload',
      label: 'Attachments',
      extensions: ['png', 'txt'],
      maxSizeMb: 0.1,
      maxFiles: 3,
    },
    { id: 3, type: 'camera', label: 'Photo' },
    { id: 4, type: 'signature', label: 'Signature', required: true },
  ],
};
const honeypotName = 'qforms[fields][5]';

/** A real PNG, with `extra` bytes after its end (still a PNG to every reader). */
async function png(extra = 0): Promise<Buffer> {
  const image = await sharp({
    create: { width: 4, height: 4, channels: 3, background: '#c00' },
  })
    .png()
    .toBuffer();
  return Buffer.concat([image, Buffer.alloc(extra, 7)]);
}

/** A ZIP archive holding one stored file, written by hand (local header, directory, end). */
function zip(): Buffer {
  const name = Buffer.from('a.txt');
  const data = Buffer.from('hello');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** A Windows executable's first bytes. */
const exe = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);
const html = () => Buffer.from('<!doctype html><html><script>alert(document.cookie)</script>');

type Part = [string, string] | [string, Buffer, string];

/** A multipart body as the island sends it: the action and the form first, then the fields. */
function formBody(parts: Part[]): FormData {
  const body = new FormData();
  for (const part of parts) {
    if (part.length === 2) body.append(part[0], part[1]);
    else body.append(part[0], new File([new Uint8Array(part[1])], part[2]));
  }
  return body;
}

/**
 * Every file under a site's data folder but its database and the development mail outbox
 * (mails of earlier entries arrive there while a test runs): where an upload must never land.
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .filter((path) => !path.startsWith('quire.db') && !path.startsWith('outbox'))
    .sort();
}

for (const database of testDatabases()) {
  describe(`form files over HTTP on ${database.name}`, () => {
    let site: TestSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let databaseUrl: string;
    let formId: number;
    let pagePath: string;
    let adminCookie: string;
    let s3: S3StandIn;

    beforeAll(async () => {
      s3 = await startS3StandIn();
      site = await startTestSite(database, {
        QUIRE_SECRET: secret,
        QUIRE_ADMIN_EMAIL: 'owner@example.org',
        QUIRE_ADMIN_PASSWORD: 'correct horse battery staple',
        FORM_SUBMISSIONS_PER_MINUTE: '1000',
      });
      ({ server, handle, databaseUrl } = site);
      formId = (await saveForm(handle, filesForm)).id;
      const page = await savePost(handle, {
        type: 'page',
        title: 'Send us files',
        slug: 'send-us-files',
        body: `[form id="${formId}"]`,
        status: 'published',
      });
      pagePath = `/${page.slug}/`;
      await writeFileSettings(handle.db, { uploadLimitMb: 1 });
      const owner = await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      adminCookie = `${sessionCookieName}=${await createSession(handle.db, owner.id)}`;
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
      await s3?.stop();
    });

    /** `quire …args` on the site's database, as its operator runs it. */
    const cli = (...args: string[]) => runQuire(args, { DATABASE_URL: databaseUrl });

    let counter = 0;
    const now = () => Math.floor(Date.now() / 1000);
    /** The fields every submission carries, before its files. */
    const head = (): Part[] => [
      ['action', 'qforms_submit'],
      ['qforms[id]', String(formId)],
      ['qforms[token]', issueFormToken(secret, formId, Date.now() - 60_000).token],
      ['qforms[submission_id]', `files-${++counter}-${Math.random()}`],
      ['start_timestamp', String(now() - 60)],
      ['end_timestamp', String(now())],
      ['page_url', pagePath],
      ['qforms[fields][1]', `Sender ${counter}`],
      [honeypotName, ''],
    ];
    const post = async (parts: Part[]) => {
      const response = await fetch(`${server.url}/ajax`, {
        method: 'POST',
        body: formBody(parts),
        headers: { origin: server.url },
      });
      return { status: response.status, answer: await response.json() };
    };
    const signature = async (): Promise<Part> => [
      'qforms[fields][4][]',
      await png(),
      'signature.png',
    ];
    const count = async (table: 'form_files' | 'form_file_chunks' | 'form_entries') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** Runs a refused submission and checks that it left no file, chunk or entry behind. */
    const leavesNothing = async (send: () => Promise<void>) => {
      const before = await Promise.all([
        count('form_files'),
        count('form_file_chunks'),
        count('form_entries'),
      ]);
      const disk = filesUnder(server.dataDir);
      await send();
      expect(
        await Promise.all([count('form_files'), count('form_file_chunks'), count('form_entries')]),
      ).toEqual(before);
      expect(filesUnder(server.dataDir)).toEqual(disk);
    };
    const download = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers });
    const latestEntry = () =>
      handle.db
        .selectFrom('form_entries')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();

    it('stores good files with the entry, downloadable by a signed-in administrator only', async () => {
      const image = await png(2000);
      const notes = Buffer.from('Notes about the order\n');
      const { status, answer } = await post([
        ...head(),
        ['qforms[fields][2][]', image, '../../etc/passwd.png'],
        ['qforms[fields][2][]', notes, 'C:\\Users\\ada\\notes.txt'],
        ['qforms[fields][3]', await png(10), 'photo.png'],
        await signature(),
      ]);
      expect(status).toBe(200);
      expect(answer.success).toBe(true);
      const entry = await latestEntry();
      const files = await handle.db
        .selectFrom('form_files')
        .selectAll()
        .where('entry_id', '=', entry.id)
        .orderBy('field_id')
        .orderBy('name', 'desc')
        .execute();
      expect(files.map((f) => [f.field_id, f.name, f.mime, Number(f.size)])).toEqual([
        [2, 'passwd.png', 'image/png', image.byteLength],
        [2, 'notes.txt', 'text/plain', notes.byteLength],
        [3, 'photo.png', 'image/png', (await png(10)).byteLength],
        [4, 'signature.png', 'image/png', (await png()).byteLength],
      ]);
      for (const file of files) expect(file.storage_key).toMatch(/^[0-9a-f]{32}$/);
      // The entry shows each file by name, with the owner's download address.
      const fields = JSON.parse(entry.fields) as Array<{ id: number; value: string }>;
      const attachments = fields.find((f) => f.id === 2)?.value ?? '';
      expect(attachments).toContain('passwd.png (0.002 MB)');
      expect(attachments).toContain(`/admin/files/${files[0]?.storage_key}`);

      const path = `/admin/files/${files[0]?.storage_key}`;
      const anonymous = await download(path);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).not.toContain('PNG');
      const crossSite = await download(path, {
        cookie: adminCookie,
        'sec-fetch-site': 'cross-site',
      });
      expect(crossSite.status).toBe(403);
      expect(
        (await download('/admin/files/0123456789abcdef0123456789abcdef', { cookie: adminCookie }))
          .status,
      ).toBe(404);
      const owner = await download(path, { cookie: adminCookie });
      expect(owner.status).toBe(200);
      expect(owner.headers.get('content-type')).toBe('image/png');
      expect(owner.headers.get('content-disposition')).toBe(
        `attachment; filename="passwd.png"; filename*=UTF-8''passwd.png`,
      );
      expect(owner.headers.get('x-content-type-options')).toBe('nosniff');
      expect(owner.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await owner.arrayBuffer()).equals(image)).toBe(true);
      // The command line's list and CSV show the files readably, with their addresses.
      const listed = await cli('entries', 'list', '--form', String(formId), '--limit', '1');
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(`passwd.png (0.002 MB) ${server.url}/admin/files/`);
      const csv = join(server.dataDir, 'files.csv');
      const exported = await cli('entries', 'export', '--form', String(formId), csv);
      expect(exported.code, exported.stderr).toBe(0);
      expect(readFileSync(csv, 'utf8')).toContain(
        `notes.txt (0.000 MB) ${server.url}/admin/files/`,
      );
      rmSync(csv);
      const text = await download(`/admin/files/${files[1]?.storage_key}`, { cookie: adminCookie });
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await text.text()).toBe(notes.toString());
    });

    it('refuses a file whose content is not what its name says, keeping nothing', async () => {
      for (const [content, name] of [
        [zip(), 'holiday.png'],
        [exe(), 'setup.png'],
        [html(), 'page.png'],
        [exe(), 'readme.txt'],
      ] as const) {
        await leavesNothing(async () => {
          const { status, answer } = await post([
            ...head(),
            ['qforms[fields][2][]', content, name],
            await signature(),
          ]);
          expect(status).toBe(422);
          expect(answer.data.errors.field['2']).toBe(
            moreMessages.fileContent.replace('{name}', name),
          );
        });
      }
    });

    it('refuses a type the field does not take and a file over its own size, keeping nothing', async () => {
      await leavesNothing(async () => {
        const { status, answer } = await post([
          ...head(),
          ['qforms[fields][2][]', exe(), 'setup.exe'],
          await signature(),
        ]);
        expect(status).toBe(422);
        expect(answer.data.errors.field['2']).toBe(
          'The file setup.exe is not of an allowed type (png, txt).',
        );
      });
      await leavesNothing(async () => {
        const { status, answer } = await post([
          ...head(),
          ['qforms[fields][2][]', await png(150 * 1024), 'large.png'],
          await signature(),
        ]);
        expect(status).toBe(422);
        expect(answer.data.errors.field['2']).toBe('The file large.png is larger than 0.1 MB.');
      });
    });

    it('refuses files over the upload limit in all with its message, keeping nothing', async () => {
      // Within what the front lets through (the limit and 1 MB of text): refused by the reader.
      await leavesNothing(async () => {
        const { status, answer } = await post([
          ...head(),
          ['qforms[fields][3]', await png(700 * 1024), 'photo.png'],
          ['qforms[fields][2][]', await png(90 * 1024), 'a.png'],
          ['qforms[fields][2][]', await png(400 * 1024), 'b.png'],
          await signature(),
        ]);
        expect(status).toBe(413);
        expect(answer.success).toBe(false);
        expect(answer.data.errors.general.header).toMatch(
          /^The files you chose come to 1\.\d{3} MB, more than the 1\.000 MB a form can take\./,
        );
      });
      // A body declared larger than that is refused before it is read.
      await leavesNothing(async () => {
        const { status, answer } = await post([
          ...head(),
          ['qforms[fields][3]', await png(2500 * 1024), 'photo.png'],
          await signature(),
        ]);
        expect(status).toBe(413);
        expect(answer.data.message).toMatch(
          /^The files you chose come to 2\.\d{3} MB, more than the 1\.000 MB/,
        );
      });
    });

    it('refuses 200 files at once, keeping nothing', async () => {
      const tiny = Buffer.from('x\n');
      await leavesNothing(async () => {
        const { status, answer } = await post([
          ...head(),
          ...Array.from(
            { length: 200 },
            (_, i): Part => ['qforms[fields][2][]', tiny, `f${i}.txt`],
          ),
        ]);
        expect(status).toBe(413);
        expect(answer.data.errors.general.header).toBe('Please choose no more than 5 files.');
      });
    });

    it('refuses files sent to a form without file fields', async () => {
      const contact = 1;
      const body = formBody([
        ['action', 'qforms_submit'],
        ['qforms[id]', String(contact)],
        ['qforms[fields][1]', await png(), 'x.png'],
      ]);
      await leavesNothing(async () => {
        const response = await fetch(`${server.url}/ajax`, {
          method: 'POST',
          body,
          headers: { origin: server.url },
        });
        expect(response.status).toBe(413);
        expect((await response.json()).data.errors.general.header).toBe(moreMessages.noFilesTaken);
      });
    });

    it('keeps no files of spam, and deletes an entry with its files', async () => {
      await leavesNothing(async () => {
        const spam = await post([
          ...head().map((part): Part => (part[0] === honeypotName ? [honeypotName, 'spam'] : part)),
          ['qforms[fields][2][]', await png(), 'a.png'],
          await signature(),
        ]);
        expect(spam.answer.success).toBe(true);
        const entry = await latestEntry();
        expect(entry.status).toBe('spam');
        expect(entry.fields).toContain('a.png (not kept)');
        // The spam entry itself is kept; the check counts it out again.
        await handle.db.deleteFrom('form_entries').where('id', '=', entry.id).execute();
      });
      const before = await Promise.all([count('form_files'), count('form_file_chunks')]);
      const sent = await post([
        ...head(),
        ['qforms[fields][2][]', await png(), 'a.png'],
        await signature(),
      ]);
      expect(sent.status).toBe(200);
      const entry = await latestEntry();
      expect(await count('form_files')).toBe(before[0] + 2);
      const deleted = await cli('entries', 'delete', String(entry.id));
      expect(deleted.code, deleted.stderr).toBe(0);
      expect(await Promise.all([count('form_files'), count('form_file_chunks')])).toEqual(before);
    });

    it('lets a typed name stand for the signature, and requires one or the other', async () => {
      const typed = await post([...head(), ['qforms[fields][4][typed]', 'Ada Lovelace']]);
      expect(typed.status).toBe(200);
      expect((await latestEntry()).fields).toContain('Signed as Ada Lovelace');
      const neither = await post(head());
      expect(neither.status).toBe(422);
      expect(neither.answer.data.errors.field['4']).toBe(moreMessages.signatureRequired);
    });

    it('takes files from a form posted without JavaScript, and shows the upload limit in the page', async () => {
      const page = async (parts: Part[]) => {
        const response = await fetch(`${server.url}${pagePath}`, {
          method: 'POST',
          body: formBody(parts.filter(([name]) => name !== 'action')),
          headers: { origin: server.url },
          redirect: 'manual',
        });
        return { status: response.status, html: await response.text() };
      };
      const sent = await page([
        ...head(),
        ['qforms[fields][2][]', await png(), 'a.png'],
        await signature(),
      ]);
      expect(sent.status).toBe(200);
      expect(sent.html).toContain('qforms-confirmation-container');
      expect((await latestEntry()).fields).toContain('a.png (0.000 MB)');
      await leavesNothing(async () => {
        const refused = await page([
          ...head(),
          ['qforms[fields][3]', await png(1100 * 1024), 'photo.png'],
          await signature(),
        ]);
        expect(refused.status).toBe(413);
        expect(refused.html).toMatch(/The files you chose come to 1\.\d{3} MB/);
        expect(refused.html).toContain('value="Sender');
      });
    });

    it('sweeps files that no entry took within the hour', async () => {
      const storages = fileStorages(handle.db, () => readFileSettings(handle.db, console));
      const row = await handle.db
        .insertInto('form_files')
        .values({
          entry_id: null,
          form_id: formId,
          field_id: 2,
          storage_key: 'ab'.repeat(16),
          backend: 'database',
          name: 'left.png',
          mime: 'image/png',
          size: 3,
          created_at: Date.now() - 2 * 60 * 60 * 1000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.db
        .insertInto('form_file_chunks')
        .values({ file_id: row.id, seq: 0, bytes: new Uint8Array([1, 2, 3]) })
        .execute();
      expect(await sweepUnclaimedFiles({ db: handle.db, storages })).toBe(1);
      expect(
        await handle.db
          .selectFrom('form_file_chunks')
          .select('seq')
          .where('file_id', '=', row.id)
          .execute(),
      ).toEqual([]);
    });

    it('keeps files in S3-compatible storage when the owner chooses it', async () => {
      await writeFileSettings(handle.db, {
        uploadLimitMb: 12,
        storage: 's3',
        s3Endpoint: s3.url,
        s3Region: 'us-east-1',
        s3Bucket: 'entries',
        s3AccessKeyId: 'test-key',
        s3SecretAccessKey: 'test-secret',
      });
      try {
        // 6 MB is more than one 5 MB part: a multipart upload.
        const photo = await png(6 * 1024 * 1024);
        const sent = await post([
          ...head(),
          ['qforms[fields][3]', photo, 'big.png'],
          await signature(),
        ]);
        expect(sent.status).toBe(200);
        const entry = await latestEntry();
        const files = await handle.db
          .selectFrom('form_files')
          .selectAll()
          .where('entry_id', '=', entry.id)
          .orderBy('field_id')
          .execute();
        expect(files.map((f) => [f.backend, f.bucket])).toEqual([
          ['s3', 'entries'],
          ['s3', 'entries'],
        ]);
        const [big, drawn] = files;
        expect(s3.objects.get(`entries/${big?.storage_key}`)?.bytes.equals(photo)).toBe(true);
        expect(s3.calls).toContain(`POST CompleteMultipartUpload entries/${big?.storage_key}`);
        expect(s3.calls).toContain(`PUT PutObject entries/${drawn?.storage_key}`);
        expect(
          await handle.db
            .selectFrom('form_file_chunks')
            .select('seq')
            .where(
              'file_id',
              'in',
              files.map((f) => f.id),
            )
            .execute(),
        ).toEqual([]);
        const owner = await download(`/admin/files/${big?.storage_key}`, { cookie: adminCookie });
        expect(owner.status).toBe(200);
        expect(Buffer.from(await owner.arrayBuffer()).equals(photo)).toBe(true);

        // A refused submission leaves no object behind.
        const objects = s3.objects.size;
        const refused = await post([
          ...head(),
          ['qforms[fields][2][]', await png(150 * 1024), 'large.png'],
          await signature(),
        ]);
        expect(refused.status).toBe(422);
        expect(s3.objects.size).toBe(objects);
        expect(s3.openUploads()).toBe(0);

        const deleted = await cli('entries', 'delete', String(entry.id));
        expect(deleted.code, deleted.stderr).toBe(0);
        expect(s3.objects.has(`entries/${big?.storage_key}`)).toBe(false);
        expect(s3.objects.has(`entries/${drawn?.storage_key}`)).toBe(false);
      } finally {
        await writeFileSettings(handle.db, { uploadLimitMb: 1, storage: 'database' });
      }
    });
  });
}
