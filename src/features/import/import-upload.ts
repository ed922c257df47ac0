import { z } from 'zod';
import { isWebAddress } from '../../platform/web-address.ts';
import { importScreenMessages as m } from './import-screen-messages.ts';

/**
 * What Admin → Import takes (decision 0066), the same rules in the browser (before a large file
 * is sent) and on the server (as it arrives): the kinds of file, the largest, how a file's first
 * bytes tell its kind, and the options of a run.
 */

export const importKinds = [
  'wordpress',
  'ghost',
  'wpforms',
  'wpforms-entries',
  'ghost-members',
] as const;
export type ImportKind = (typeof importKinds)[number];

/** Kinds whose posts carry images, so the form asks where to find them. */
export const kindsWithMedia: readonly ImportKind[] = ['wordpress', 'ghost'];

/**
 * Whether the form asks the old site's address apart: for a Ghost export (Ghost 4 and later do
 * not write it) whose images are not fetched from the old site, whose address says it.
 */
export const asksSiteUrl = (kind: ImportKind, media: string) =>
  kind === 'ghost' && media !== 'site';

/**
 * The largest export the screen takes. Under the 1 GiB the site's adapter reads at most, with
 * room for the form's fields; larger sites import on the server with the command line.
 */
export const importUploadMaxBytes = 1000 * 1024 * 1024;

/** How much of a file's start is read to tell its kind (and the old site's address). */
export const importHeadBytes = 64 * 1024;

export const mediaChoices = ['site', 'folder', 'none'] as const;

/** What a file's start shows it to be. */
type HeadKind =
  | 'empty'
  | 'compressed'
  | 'binary'
  | 'wordpress'
  | 'xml'
  | 'json-object'
  | 'json-array'
  | 'csv'
  | 'text';

const wordpressMark =
  /xmlns(?::[\w.-]+)?\s*=\s*["']http:\/\/wordpress\.org\/export\/1\.\d+\/["']|<wp:(?:wxr_version|base_site_url)>/;

/** The kind of a file from its first bytes (`importHeadBytes` of them, or all of a smaller one). */
function headKind(head: Uint8Array): HeadKind {
  if (head.byteLength === 0) return 'empty';
  // zip, gzip, bzip2, 7z, xz
  const magic = [
    [0x50, 0x4b, 0x03, 0x04],
    [0x1f, 0x8b],
    [0x42, 0x5a, 0x68],
    [0x37, 0x7a, 0xbc, 0xaf],
    [0xfd, 0x37, 0x7a, 0x58],
  ];
  if (magic.some((bytes) => bytes.every((byte, index) => head[index] === byte))) {
    return 'compressed';
  }
  if (head.includes(0)) return 'binary';
  const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start === '') return 'empty';
  if (start.startsWith('<')) return wordpressMark.test(text) ? 'wordpress' : 'xml';
  if (start.startsWith('{')) return 'json-object';
  if (start.startsWith('[')) return 'json-array';
  const firstLine = start.split(/\r?\n/, 1)[0] ?? '';
  return firstLine.includes(',') || firstLine.includes(';') ? 'csv' : 'text';
}

/** The cells of a CSV header line, unquoted, in lower case. */
function headerCells(line: string): string[] {
  return line.split(/[,;]/).map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
      .toLowerCase(),
  );
}

export type HeadCheck = { ok: true; siteUrl: string | undefined } | { ok: false; message: string };

/**
 * Whether a file that starts with `head` is the kind of export the owner chose, with what the
 * owner should read when it is not; a WordPress export also tells its site's address (for its
 * images), when its start names it.
 */
export function checkImportHead(kind: ImportKind, head: Uint8Array): HeadCheck {
  const found = headKind(head);
  const refuse = (message: string): HeadCheck => ({ ok: false, message });
  if (found === 'empty') return refuse(m.empty);
  if (found === 'compressed') return refuse(m.compressed);
  if (found === 'binary') return refuse(m.notText);
  switch (kind) {
    case 'wordpress':
      if (found === 'wordpress') return { ok: true, siteUrl: exportSiteUrl(head) };
      if (found === 'xml') return refuse(m.xmlNotWordPress);
      if (found === 'json-object' || found === 'json-array') return refuse(m.jsonNotXml);
      if (found === 'csv') return refuse(m.csvNotXml);
      return refuse(m.notWordPress);
    case 'ghost':
      if (found === 'json-object') return { ok: true, siteUrl: undefined };
      return refuse(found === 'json-array' ? m.listNotGhost : m.notGhost);
    case 'wpforms':
      if (found === 'json-array') return { ok: true, siteUrl: undefined };
      return refuse(found === 'json-object' ? m.objectNotWpforms : m.notWpforms);
    case 'wpforms-entries':
      return found === 'csv' ? { ok: true, siteUrl: undefined } : refuse(m.notWpformsEntries);
    case 'ghost-members': {
      const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
      const firstLine = text.trimStart().split(/\r?\n/, 1)[0] ?? '';
      const csv = found === 'csv' || found === 'text';
      return csv && headerCells(firstLine).includes('email')
        ? { ok: true, siteUrl: undefined }
        : refuse(m.notMembers);
    }
  }
}

/** The old site's address a WordPress export names near its start, where its uploads are. */
function exportSiteUrl(head: Uint8Array): string | undefined {
  const text = new TextDecoder('utf-8').decode(head);
  const named =
    /<wp:base_site_url>\s*(?:<!\[CDATA\[)?\s*([^<\]\s]+)/.exec(text)?.[1] ??
    /<channel>[\s\S]*?<link>\s*([^<\s]+)\s*<\/link>/.exec(text)?.[1];
  return named !== undefined && isWebAddress(named) ? named.replace(/\/+$/, '') : undefined;
}

/** Sizes as the screen says them: 1,000 MB, 12.5 MB, 300 KB. */
export function importSize(bytes: number): string {
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 10_000 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat('en', { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/**
 * The import form's fields (sent before the file), read into a run's options. Media options
 * matter only for WordPress and Ghost; the old site's address may be left empty for a WordPress
 * export that names it (the server reads it from the file).
 */
export const importForm = z
  .object({
    kind: z.enum(importKinds, { error: m.chooseKind }),
    media: z.enum(mediaChoices).catch('none'),
    mediaFrom: z.string().max(2000).catch('').default(''),
    mediaDir: z.string().max(2000).catch('').default(''),
    siteUrl: z.string().max(2000).catch('').default(''),
    formId: z.string().max(20).catch('').default(''),
    dryRun: z.string().optional().catch(undefined),
  })
  .transform((form) => {
    const media = kindsWithMedia.includes(form.kind) ? form.media : ('none' as const);
    const formId = Number(form.formId);
    return {
      kind: form.kind,
      media,
      mediaFrom: form.mediaFrom.trim(),
      mediaDir: form.mediaDir.trim(),
      siteUrl: asksSiteUrl(form.kind, media) ? form.siteUrl.trim() : '',
      formId:
        form.kind === 'wpforms-entries' && Number.isSafeInteger(formId) && formId > 0
          ? formId
          : undefined,
      dryRun: form.dryRun === 'on',
    };
  })
  .superRefine((form, context) => {
    if (form.siteUrl !== '' && !isWebAddress(form.siteUrl)) {
      context.addIssue({ code: 'custom', path: ['siteUrl'], message: m.addressInvalid });
    }
    if (form.kind === 'wpforms-entries' && form.formId === undefined) {
      context.addIssue({ code: 'custom', path: ['formId'], message: m.chooseForm });
    }
    if (form.media === 'site' && form.mediaFrom !== '' && !isWebAddress(form.mediaFrom)) {
      context.addIssue({ code: 'custom', path: ['mediaFrom'], message: m.addressInvalid });
    }
    if (form.media === 'site' && form.mediaFrom === '' && form.kind !== 'wordpress') {
      context.addIssue({ code: 'custom', path: ['mediaFrom'], message: m.addressNeeded });
    }
    if (form.media === 'folder' && form.mediaDir === '') {
      context.addIssue({ code: 'custom', path: ['mediaDir'], message: m.folderNeeded });
    } else if (form.media === 'folder' && !form.mediaDir.startsWith('/')) {
      context.addIssue({ code: 'custom', path: ['mediaDir'], message: m.folderAbsolute });
    }
  });

export type ImportFormValues = z.output<typeof importForm>;

/** A run's options from the form: only what applies to its kind and media choice. */
export function importOptionsOf(
  form: ImportFormValues,
  siteUrl: string | undefined,
): { mediaDir?: string; mediaFrom?: string; siteUrl?: string; formId?: number; dryRun: boolean } {
  const mediaFrom = form.mediaFrom || siteUrl;
  return {
    ...(form.media === 'site' && mediaFrom ? { mediaFrom } : {}),
    ...(form.media === 'folder' ? { mediaDir: form.mediaDir } : {}),
    ...(form.siteUrl === '' ? {} : { siteUrl: form.siteUrl.replace(/\/+$/, '') }),
    ...(form.formId === undefined ? {} : { formId: form.formId }),
    dryRun: form.dryRun,
  };
}

/** A file name safe in a folder of the server: letters, digits, dots, hyphens; at most 80. */
export function safeImportFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const safe = base
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-80);
  return safe === '' ? 'export' : safe;
}
