import { describe, expect, it } from 'vitest';
import type { FormField } from '../form-definition.ts';
import {
  contentMatchesName,
  mostFilesOf,
  safeContentType,
  sanitiseFileName,
} from './files-receive.ts';

describe('the names of received files', () => {
  it('keeps the base name only, whatever path the sender put before it', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('C:\\x\\y.png')).toBe('y.png');
    expect(sanitiseFileName('/var/www/../shell.php.png')).toBe('shell.php.png');
    expect(sanitiseFileName('..')).toBe('file');
    expect(sanitiseFileName('')).toBe('file');
  });

  it('removes control and direction characters and leading dots', () => {
    expect(sanitiseFileName('in\u0000voice\r\n.pdf')).toBe('invoice.pdf');
    expect(sanitiseFileName('photo\u202egnp.exe')).toBe('photognp.exe');
    expect(sanitiseFileName('.htaccess')).toBe('htaccess');
  });

  it('caps the length and keeps the extension', () => {
    const long = `${'a'.repeat(400)}.jpeg`;
    const kept = sanitiseFileName(long);
    expect(kept.length).toBeLessThanOrEqual(152);
    expect(kept.endsWith('.jpeg')).toBe(true);
  });
});

describe('what a file holds against its name', () => {
  it('takes content of the named type, under either spelling', () => {
    expect(contentMatchesName('a.png', { ext: 'png' })).toBe(true);
    expect(contentMatchesName('a.JPEG', { ext: 'jpg' })).toBe(true);
    expect(contentMatchesName('a.jpg', { ext: 'jpg' })).toBe(true);
  });

  it('refuses a png that is a ZIP, an executable, or no known format (HTML)', () => {
    expect(contentMatchesName('a.png', { ext: 'zip' })).toBe(false);
    expect(contentMatchesName('a.png', { ext: 'exe' })).toBe(false);
    expect(contentMatchesName('a.png', undefined)).toBe(false);
  });

  it('takes text only where no binary format is found', () => {
    expect(contentMatchesName('notes.txt', undefined)).toBe(true);
    expect(contentMatchesName('notes.txt', { ext: 'exe' })).toBe(false);
    expect(contentMatchesName('data.bin', undefined)).toBe(false);
  });

  it('serves only harmless types as themselves', () => {
    expect(safeContentType('image/png')).toBe('image/png');
    expect(safeContentType('text/plain')).toBe('text/plain; charset=utf-8');
    expect(safeContentType('image/svg+xml')).toBe('application/octet-stream');
    expect(safeContentType('text/html')).toBe('application/octet-stream');
    expect(safeContentType('application/x-msdownload')).toBe('application/octet-stream');
  });
});

describe('how many files a form takes', () => {
  it('counts each upload field’s most, and one per camera and signature', () => {
    const fields = [
      { id: 1, type: 'text' },
      { id: 2, type: 'file-upload', maxFiles: 4 },
      { id: 3, type: 'camera' },
      { id: 4, type: 'signature' },
    ] as unknown as FormField[];
    expect(mostFilesOf(fields)).toBe(6);
    expect(mostFilesOf([])).toBe(0);
  });
});
