import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMediaSource, MediaFolderError } from './local-media.ts';
import type { MediaFound } from './media-source.ts';

let base: string;
let site: string;
let uploads: string;
const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'quire-local-media-'));
  site = join(base, 'site');
  uploads = join(site, 'wp-content', 'uploads');
  await mkdir(join(uploads, '2024', '05'), { recursive: true });
  await writeFile(join(uploads, '2024', '05', 'harbour.jpg'), photo);
  await writeFile(join(uploads, '2024', '05', 'café au lait.jpg'), photo);
  await writeFile(join(uploads, '2024', '05', 'big.png'), new Uint8Array(101));
  await mkdir(join(uploads, '2024', '05', 'folder.jpg'));
  await writeFile(join(base, 'secret.txt'), 'outside');
  await symlink(join(base, 'secret.txt'), join(uploads, '2024', '05', 'escape.jpg'));
  await symlink(join(uploads, '2024', '05', 'harbour.jpg'), join(uploads, 'inside-link.jpg'));
  await mkdir(join(base, 'ghost', 'content', 'images', '2023', '11'), { recursive: true });
  await writeFile(join(base, 'ghost', 'content', 'images', '2023', '11', 'dunes.webp'), photo);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const old = 'https://old.example.com/wp-content/uploads';
const found = (fileName: string): MediaFound => ({ ok: true, bytes: photo, fileName });

describe('localMediaSource', () => {
  it('finds a file by the path the export gives, or else by its address', async () => {
    const source = localMediaSource(uploads);
    expect(
      await source.get({ url: `${old}/elsewhere.jpg`, relativePath: '2024/05/harbour.jpg' }),
    ).toEqual(found('harbour.jpg'));
    expect(await source.get({ url: `${old}/2024/05/harbour.jpg` })).toEqual(found('harbour.jpg'));
    expect(
      await source.get({ url: `${old}/2024/05/harbour.jpg`, relativePath: '2019/01/gone.jpg' }),
    ).toEqual(found('harbour.jpg'));
  });

  it('decodes %-escapes in the address and ignores its query', async () => {
    const source = localMediaSource(uploads);
    expect(await source.get({ url: `${old}/2024/05/caf%C3%A9%20au%20lait.jpg?ver=2` })).toEqual(
      found('café au lait.jpg'),
    );
  });

  it('accepts the wp-content folder or the site root instead of uploads', async () => {
    for (const folder of [join(site, 'wp-content'), site]) {
      const source = localMediaSource(folder);
      expect(await source.get({ url: `${old}/2024/05/harbour.jpg` })).toEqual(found('harbour.jpg'));
      expect(await source.get({ url: '', relativePath: '2024/05/harbour.jpg' })).toEqual(
        found('harbour.jpg'),
      );
    }
  });

  it("reads Ghost's content/images folder by the address's part after /content/images/", async () => {
    for (const folder of [join(base, 'ghost', 'content', 'images'), join(base, 'ghost')]) {
      const source = localMediaSource(folder);
      expect(
        await source.get({ url: 'https://ghost.example/content/images/2023/11/dunes.webp' }),
      ).toEqual(found('dunes.webp'));
    }
  });

  it('names the path it looked for when a file is missing', async () => {
    const source = localMediaSource(uploads);
    expect(await source.get({ url: `${old}/2024/06/lost.jpg` })).toEqual({
      ok: false,
      reason: `${old}/2024/06/lost.jpg: not in the media folder (looked for ${join(uploads, '2024', '06', 'lost.jpg')}).`,
    });
  });

  it('says so when neither the address nor the export says where the file is', async () => {
    const source = localMediaSource(uploads);
    expect(await source.get({ url: 'https://cdn.example/a1b2.jpg' })).toEqual({
      ok: false,
      reason:
        "https://cdn.example/a1b2.jpg: not in the uploads folder's addresses (/wp-content/uploads/ or /content/images/), and the export names no file path.",
    });
  });

  it('never reads outside the folder: .., absolute paths, escapes and symbolic links', async () => {
    const source = localMediaSource(uploads);
    const refusals = await Promise.all([
      source.get({ url: '', relativePath: '../../../secret.txt' }),
      source.get({ url: '', relativePath: '2024/../../../secret.txt' }),
      source.get({ url: '', relativePath: '/etc/passwd' }),
      source.get({ url: '', relativePath: 'C:\\Windows\\win.ini' }),
      source.get({ url: `${old}/2024/..%2F..%2F..%2Fsecret.txt` }),
      source.get({ url: `${old}/2024/05/escape.jpg` }),
    ]);
    for (const refusal of refusals) {
      expect(refusal.ok).toBe(false);
      expect(!refusal.ok && refusal.reason).toMatch(/lies outside the media folder\.$/);
    }
    expect(refusals[5]).toEqual({
      ok: false,
      reason: `${old}/2024/05/escape.jpg: not read: ${join(uploads, '2024', '05', 'escape.jpg')} lies outside the media folder.`,
    });
  });

  it('follows a symbolic link that stays inside the folder', async () => {
    const source = localMediaSource(uploads);
    expect(await source.get({ url: `${old}/inside-link.jpg` })).toEqual(found('inside-link.jpg'));
  });

  it("refuses a file over the size limit (Quire's image limit by default) and a folder", async () => {
    const source = localMediaSource(uploads, 100);
    expect(await source.get({ url: `${old}/2024/05/big.png` })).toEqual({
      ok: false,
      reason: `${old}/2024/05/big.png: larger than ${100 / 1024 / 1024} MB, Quire's limit for images.`,
    });
    expect(await source.get({ url: `${old}/2024/05/folder.jpg` })).toEqual({
      ok: false,
      reason: `${old}/2024/05/folder.jpg: ${join(uploads, '2024', '05', 'folder.jpg')} is not a file.`,
    });
  });

  it('fails at creation when the folder is missing or is a file', () => {
    expect(() => localMediaSource(join(base, 'nowhere'))).toThrow(MediaFolderError);
    expect(() => localMediaSource(join(base, 'nowhere'))).toThrow(
      `The media folder ${join(base, 'nowhere')} does not exist or cannot be read.`,
    );
    expect(() => localMediaSource(join(base, 'secret.txt'))).toThrow(
      `${join(base, 'secret.txt')} is not a folder.`,
    );
  });
});
