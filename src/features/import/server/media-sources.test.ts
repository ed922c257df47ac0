import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importMessages, mediaMessages } from '../messages.ts';
import { MediaFolderError } from './local-media.ts';
import { mediaSourceFor } from './media-sources.ts';

describe('the media source an import names', () => {
  it('is none without a folder or an old-site address', () => {
    expect(mediaSourceFor({}, ['old.example'])).toBeUndefined();
  });

  it('refuses a folder that is not there and an address that is none, before any import', () => {
    const gone = join(tmpdir(), 'quire-no-such-uploads');
    expect(() => mediaSourceFor({ mediaDir: gone }, [])).toThrow(MediaFolderError);
    expect(() => mediaSourceFor({ mediaFrom: 'old.example' }, [])).toThrow(
      importMessages.mediaFromNotAnAddress('old.example'),
    );
    expect(() => mediaSourceFor({ mediaFrom: 'ftp://old.example' }, [])).toThrow(
      importMessages.mediaFromNotAnAddress('ftp://old.example'),
    );
  });

  it('reads a folder that is there', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'quire-uploads-'));
    try {
      const source = mediaSourceFor({ mediaDir: folder }, []);
      const found = await source?.get({ url: 'https://old.example/wp-content/uploads/a.jpg' });
      expect(found).toEqual({ ok: false, reason: expect.stringContaining('a.jpg') });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('asks for the export’s files where the owner said the old site is now, never at a private address', async () => {
    const source = mediaSourceFor({ mediaFrom: 'http://127.0.0.1:9/' }, ['old.example']);
    const found = await source?.get({
      url: 'https://old.example/wp-content/uploads/2024/05/a.jpg',
    });
    expect(found).toEqual({
      ok: false,
      reason: mediaMessages.privateAddress(
        'http://127.0.0.1:9/wp-content/uploads/2024/05/a.jpg',
        '127.0.0.1',
      ),
    });
  });
});
