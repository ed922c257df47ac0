/**
 * What the Redirects screen, its import and the command line share between the server and the
 * page: a redirect as listed, the list's filter, an import's plan and its limits (issue 29,
 * point 5; decision 0054). The queries are in server/redirect-review.ts.
 */
import type { RedirectSource } from '../../platform/db/schema.ts';

export type RedirectRow = {
  id: number;
  /** The old path, in its lookup form. */
  from: string;
  to: string;
  source: RedirectSource;
  createdAt: number;
  updatedAt: number;
};

/** The add form: what was typed, and each refused value's message. */
export type RedirectEditor = {
  values: { from: string; to: string };
  errors: { from?: string; to?: string };
};

export const newRedirectEditor: RedirectEditor = { values: { from: '', to: '' }, errors: {} };

export type RedirectFilter = { search: string; page: number };

export function readRedirectFilter(params: URLSearchParams): RedirectFilter {
  return {
    search: (params.get('q') ?? '').trim().slice(0, 200),
    page: Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
  };
}

/** The filter's query string (without `?`), to link a page of the list or come back to it. */
export function redirectFilterQuery(filter: RedirectFilter, page = filter.page): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('q', filter.search);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/**
 * A path in its lookup form as people read it: `/café/` rather than `/caf%C3%A9/`, `/a b/`
 * rather than `/a%20b/`. Only a `/` or `%` within a part stays escaped, so the text is read back
 * (typed, or imported) as the same address.
 */
export function readablePath(path: string): string {
  if (!path.startsWith('/')) return path;
  const queryAt = path.search(/[?#]/);
  const tail = queryAt === -1 ? '' : path.slice(queryAt);
  const parts = (queryAt === -1 ? path : path.slice(0, queryAt)).split('/').map((part) => {
    try {
      return decodeURIComponent(part).replace(/%/g, '%25').replace(/\//g, '%2F');
    } catch {
      return part;
    }
  });
  return `${parts.join('/')}${tail}`;
}

/** One line of an import, as its plan lists it. */
export type ImportedLine = { line: number; from: string; to: string };

/** What an import would do, before it does anything; then what it did. */
export type RedirectImportPlan = {
  added: ImportedLine[];
  /** Lines that replace a kept redirect from the same old address, with where it went. */
  replaced: Array<ImportedLine & { was: string }>;
  /** Lines the table holds already, just so. */
  unchanged: ImportedLine[];
  /** Lines not imported: the line as written, and why. */
  refused: Array<{ line: number; text: string; reason: string }>;
  /** A problem with the file as a whole (lines from one on could not be read, or too many). */
  fileError?: string;
  /** The plan's fingerprint: confirmed, the import is done only if the plan still holds. */
  key: string;
};

/** The largest CSV file an import reads: some 20,000 redirects. */
export const redirectImportMaxBytes = 1024 * 1024;

/** The most lines an import takes (more is refused whole: split the file). */
export const redirectImportMaxLines = 20_000;

/**
 * The import form's whole body: the file, or (the confirmation) its text sent back, and the few
 * fields around it.
 */
export const redirectImportLimits = { maxBytes: redirectImportMaxBytes + 16 * 1024 } as const;
