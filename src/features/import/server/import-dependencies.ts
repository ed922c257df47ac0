import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import type { Logger } from '../../../platform/log.ts';
import type { FormValues } from '../../forms/field-values.ts';
import type { FormDefinition } from '../../forms/form-definition.ts';
import type { ImportOptions } from './import-runs.ts';
import type { MediaSource } from './media-source.ts';

/** A post or page as the import hands it to the content feature. */
export type ImportedPost = {
  type: 'post' | 'page';
  title: string;
  /** The old slug, already valid for Quire; the writer finds a free one when it is taken. */
  slug: string | undefined;
  excerpt: string;
  body: string;
  status: 'draft' | 'published' | 'scheduled';
  publishedAt: Date | undefined;
  /** Tag names, as the tags the import made are named. */
  tags: string[];
  coverMediaId: number | null;
  authorId: number | null;
};

/** An image of the media library, as addresses to it are made. */
export type ImportedImageFacts = { id: number; fileName: string; width: number; height: number };

/**
 * How the import writes into the site: the other features' own writers, handed over by the
 * composition root (src/server/import-wiring.ts), so their rules (slugs, sanitising, chains of
 * redirects, cache versions) apply to imported things as to the owner's.
 */
export type ImportWriters = {
  /**
   * Creates a post (or replaces post `id`, unless it was saved since `baseRevision`: then
   * `EditConflict`); its id, the slug it got and its revision.
   */
  savePost(
    post: ImportedPost,
    id?: number,
    baseRevision?: number,
  ): Promise<{ id: number; slug: string; revision: number }>;
  /** A post's slug and revision, undefined when it was deleted. */
  findPost(id: number): Promise<{ slug: string; revision: number } | undefined>;
  /** Stores an image; throws an Error whose message the owner can read when it is refused. */
  storeImage(bytes: Uint8Array, fileName: string, alt: string): Promise<ImportedImageFacts>;
  /** An image's facts, undefined when the owner deleted it since. */
  findImage(id: number): Promise<ImportedImageFacts | undefined>;
  describeImage(id: number, alt: string): Promise<void>;
  /** The tag with this slug (or name), made when missing; its id and the name it carries. */
  ensureTag(name: string, slug: string): Promise<{ id: number; name: string; slug: string }>;
  /** A user with this address, or a new author who may sign in once invited. */
  ensureAuthor(author: { email: string; name: string }): Promise<number>;
  /** Creates a form (or replaces form `id`); its id. */
  saveForm(definition: FormDefinition, id?: number): Promise<number>;
  /** A form of the site (not deleted), undefined when there is none with this id. */
  findForm(id: number): Promise<{ id: number; definition: FormDefinition } | undefined>;
  /**
   * Stores an entry of form `formId` sent elsewhere (or changes entry `id`, stored before from
   * the same row), never mailed; `submittedAt` is `YYYY-MM-DD HH:MM:SS` in the site's time
   * zone (now when not given). Answers the entry's id.
   */
  saveImportedEntry(
    entry: { formId: number; values: FormValues; submittedAt: string | undefined; key: string },
    id?: number,
  ): Promise<number>;
  /**
   * Adds addresses as confirmed subscribers of the site's feed (never mailed); one already on the
   * list is left as it is, one that unsubscribed is never added again. A dry run only counts.
   * Answers how many were added and, per address left as it was, why.
   */
  subscribe(
    emails: string[],
    dryRun: boolean,
  ): Promise<{
    added: number;
    unchanged: { email: string; unsubscribed: boolean; reason: string }[];
  }>;
  /**
   * Keeps old addresses (lookup forms, or `/?p=N`) leading to new ones; the owner's own win. In a
   * dry run only counts what it would do.
   */
  saveRedirects(
    redirects: { from: string; to: string }[],
    dryRun: boolean,
  ): Promise<{ imported: number; updated: number; skipped: number }>;
};

export type ImportDependencies = {
  database: DatabaseHandle;
  log: Logger;
  /** DATA_DIR: a run's file named by a relative path is found there. */
  dataDir: string;
  writers: ImportWriters;
  /**
   * Where a run's media come from, given the old site's hosts as its export names them;
   * undefined when the run named neither folder nor site.
   */
  mediaSource(
    run: { options: ImportOptions },
    exportHosts: readonly string[],
  ): MediaSource | undefined;
};
