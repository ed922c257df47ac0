import { createHash } from 'node:crypto';
import { importMessages as m } from '../messages.ts';
import { wordPressBodyToMarkdown } from '../wordpress-body.ts';
import { importWpforms } from '../wpforms.ts';
import type { ImportedPost, ImportWriters } from './import-dependencies.ts';
import { fingerprintOf, type ImportLedger } from './import-ledger.ts';
import type { MediaSource } from './media-source.ts';
import { OldAddresses, oldPath } from './old-addresses.ts';
import { excerptOf, plainText, slugFor } from './post-fields.ts';
import { writeImportedPost } from './post-writer.ts';
import { taskPool } from './task-pool.ts';
import { ImportedMedia, importAttachment } from './wordpress-media.ts';
import { dateOf, keptOf, statusOf } from './wordpress-posts.ts';
import { importWpformsForm } from './wpforms-import.ts';
import { readWxr, type WxrAuthor, type WxrItem, type WxrSite, type WxrTerm } from './wxr-reader.ts';

/**
 * The WordPress import (issue 30, decision 0063): streamed passes over the export, never the
 * whole file in memory. A check reads it all and writes nothing; the first pass brings in
 * authors, categories and tags, images and WPForms forms; the second posts and pages, whose
 * bodies then find the images and forms; the old addresses are kept last. Every thing goes through the import record (`ImportLedger`), so a
 * second run updates or skips and an interrupted one resumes.
 */
export type WordPressImportContext = {
  ledger: ImportLedger;
  writers: ImportWriters;
  media: MediaSource | undefined;
  dryRun: boolean;
  /** Opens the export again for each pass. */
  open: () => AsyncIterable<Uint8Array>;
  /** Says how far it got; throws to stop the import. */
  progress: (phase: string, done: number, total: number) => Promise<void>;
};

/** Images fetched and stored at once. */
const mediaConcurrency = 4;
/** Posts listed under one unknown shortcode in the report. */
const postsPerShortcode = 100;
/** Redirects written at a time. */
const redirectBatch = 500;

const feeds = ['/feed/', '/feed/rss2/', '/feed/atom/', '/comments/feed/'];

type Term = WxrTerm & { domain: 'category' | 'post_tag' };

class WordPressImport {
  readonly #context: WordPressImportContext;
  readonly #ledger: ImportLedger;
  #addresses = new OldAddresses('');
  #images = new ImportedMedia(this.#addresses);
  readonly #authors = new Map<string, number>();
  /** `domain:slug` → the tag it became (its name and slug here). */
  readonly #tags = new Map<string, { name: string; slug: string }>();
  readonly #categories = new Map<string, WxrTerm>();
  readonly #forms = new Map<number, number>();
  readonly #skippedTypes = new Map<string, number>();
  #privateCount = 0;
  #stickyCount = 0;
  #nestedCount = 0;
  /** Posts and pages in the export, and everything else (the first pass's work). */
  #posts = 0;
  #entries = 0;

  constructor(context: WordPressImportContext) {
    this.#context = context;
    this.#ledger = context.ledger;
  }

  get #report() {
    return this.#ledger.report;
  }

  async run(): Promise<void> {
    await this.#ledger.adoptSiteless('form');
    await this.#check();
    await this.#firstPass();
    await this.#secondPass();
    await this.#keepOldAddresses();
    this.#addNotes();
  }

  /**
   * Reads the whole export once, writing nothing, so a damaged file imports nothing; it also
   * counts what the next passes will do, for the progress bar.
   */
  async #check(): Promise<void> {
    let read = 0;
    for await (const entry of readWxr(this.#context.open())) {
      await this.#context.progress('reading', ++read, 0);
      if (entry.kind !== 'item') this.#entries++;
      else if (entry.item.type === 'post' || entry.item.type === 'page') this.#posts++;
      else this.#entries++;
    }
  }

  async #firstPass(): Promise<void> {
    const pool = taskPool(mediaConcurrency);
    let done = 0;
    for await (const entry of readWxr(this.#context.open())) {
      if (entry.kind === 'item' && (entry.item.type === 'post' || entry.item.type === 'page')) {
        continue;
      }
      await this.#context.progress('media', ++done, this.#entries);
      if (entry.kind === 'site') this.#startSite(entry.site);
      else if (entry.kind === 'author') await this.#importAuthor(entry.author);
      else if (entry.kind === 'category')
        await this.#importTerm({ ...entry.term, domain: 'category' });
      else if (entry.kind === 'tag') await this.#importTerm({ ...entry.term, domain: 'post_tag' });
      else if (entry.item.type === 'attachment') {
        const item = entry.item;
        this.#images.learnUploadsUrl(item);
        await pool.add(() => importAttachment({ ...this.#context, images: this.#images }, item));
      } else if (entry.item.type === 'wpforms') await this.#importForm(entry.item);
      else {
        const type = entry.item.type || '?';
        this.#skippedTypes.set(type, (this.#skippedTypes.get(type) ?? 0) + 1);
      }
    }
    await pool.drain();
  }

  #startSite(site: WxrSite): void {
    this.#addresses = new OldAddresses(site.baseBlogUrl || site.link);
    this.#images = new ImportedMedia(this.#addresses);
  }

  async #importAuthor(author: WxrAuthor): Promise<void> {
    const login = author.login;
    const name = plainText(author.displayName || login).slice(0, 100) || login;
    const email = author.email.trim().toLowerCase();
    if (email === '') {
      this.#report.notes.push(m.authorWithoutEmail(login));
      return;
    }
    const fingerprint = fingerprintOf({ email, name });
    const decision = await this.#ledger.decide('author', login, fingerprint);
    if (decision.state === 'same' && decision.targetId !== null) {
      this.#authors.set(login, decision.targetId);
      return;
    }
    if (this.#context.dryRun) {
      this.#ledger.count('author', decision.state === 'new' ? 'imported' : 'updated');
      return;
    }
    try {
      const id = await this.#context.writers.ensureAuthor({ email, name });
      this.#authors.set(login, id);
      await this.#ledger.record('author', login, {
        targetId: id,
        fingerprint,
        outcome: decision.state === 'new' ? 'imported' : 'updated',
      });
    } catch (error) {
      this.#ledger.fail('author', login, name, m.authorRefused(login, (error as Error).message));
    }
  }

  async #importTerm(term: Term): Promise<void> {
    if (term.domain === 'category') this.#categories.set(term.slug, term);
    await this.#tagFor(term.domain, term.slug, term.name);
  }

  /** The tag a category or tag became, made (or found) the first time it is named. */
  async #tagFor(domain: string, slug: string, name: string) {
    const key = `${domain}:${slug}`;
    const known = this.#tags.get(key);
    if (known) return known;
    const kind = domain === 'category' ? 'category' : 'tag';
    const tagName = (plainText(name) || slug).slice(0, 60);
    // A slug Quire cannot use (`%e6%9d%8e`, a Chinese name) becomes one that stays the same.
    const quireSlug =
      slugFor(slug, tagName) ??
      `topic-${createHash('sha1').update(slug).digest('hex').slice(0, 8)}`;
    const fingerprint = fingerprintOf({ name: tagName, slug: quireSlug });
    const decision = await this.#ledger.decide(kind, slug, fingerprint);
    let tag = { name: tagName, slug: quireSlug };
    if (!this.#context.dryRun && decision.state !== 'same') {
      const made = await this.#context.writers.ensureTag(tagName, quireSlug);
      tag = { name: made.name, slug: made.slug };
      await this.#ledger.record(kind, slug, {
        targetId: made.id,
        fingerprint,
        outcome: decision.state === 'new' ? 'imported' : 'updated',
        kept: { name: tag.name, slug: tag.slug },
      });
    } else if (decision.state === 'same') {
      const kept = decision.kept as { name?: string; slug?: string };
      tag = { name: kept.name ?? tagName, slug: kept.slug ?? quireSlug };
    } else this.#ledger.count(kind, decision.state === 'new' ? 'imported' : 'updated');
    this.#tags.set(key, tag);
    return tag;
  }

  async #importForm(item: WxrItem): Promise<void> {
    const sourceId = String(item.id);
    let parsed: unknown;
    try {
      parsed = JSON.parse(item.content);
    } catch {
      return this.#ledger.fail('form', sourceId, item.title, m.wpformsUnreadable);
    }
    const { definitions, notes } = importWpforms(
      parsed && typeof parsed === 'object' ? { id: item.id, ...parsed } : parsed,
    );
    const imported = definitions[0];
    for (const note of notes)
      this.#report.notes.push(m.formNote(note.title || item.title, note.text));
    if (!imported) return this.#ledger.fail('form', sourceId, item.title, m.wpformsUnreadable);
    const id = await importWpformsForm(this.#context, imported, item.title);
    if (id !== undefined) this.#forms.set(item.id, id);
  }

  async #secondPass(): Promise<void> {
    let done = 0;
    await this.#context.progress('posts', 0, this.#posts);
    for await (const entry of readWxr(this.#context.open())) {
      if (entry.kind !== 'item' || (entry.item.type !== 'post' && entry.item.type !== 'page')) {
        continue;
      }
      await this.#importPost(entry.item);
      await this.#context.progress('posts', ++done, this.#posts);
    }
  }

  /** An item's body: images and forms of the import found, and the old uploads' http/https twin. */
  #bodyOf(item: WxrItem) {
    const lookups = {
      ...this.#images.lookups(),
      form: (id: number) => this.#forms.get(id),
    };
    let content = item.content;
    const uploads = lookups.uploadsUrl;
    if (uploads.startsWith('https://'))
      content = content.replaceAll(`http://${uploads.slice(8)}`, uploads);
    return wordPressBodyToMarkdown(content, lookups);
  }

  async #postOf(item: WxrItem, type: 'post' | 'page') {
    const publishedAt = dateOf(item.dateGmt);
    const status = statusOf(item, publishedAt);
    if (!status) return undefined;
    const title = plainText(item.title).slice(0, 200) || m.untitled;
    const body = this.#bodyOf(item);
    const tagNames: string[] = [];
    for (const term of item.terms) {
      if (term.domain !== 'category' && term.domain !== 'post_tag') continue;
      const tag = await this.#tagFor(term.domain, term.slug, term.name);
      if (!tagNames.includes(tag.name)) tagNames.push(tag.name);
    }
    if (tagNames.length > 20) this.#report.notes.push(m.tooManyTags(title, tagNames.length));
    const post: ImportedPost = {
      type,
      title,
      slug: slugFor(item.slug, title),
      excerpt: excerptOf(item.excerpt),
      body: body.markdown,
      status: status.status,
      publishedAt: status.status === 'draft' && !publishedAt ? undefined : publishedAt,
      tags: tagNames.slice(0, 20),
      coverMediaId:
        item.thumbnailId === undefined ? null : (this.#images.mediaId(item.thumbnailId) ?? null),
      authorId: this.#authors.get(item.creator) ?? null,
    };
    return { post, body, private: status.private, publishedAt };
  }

  async #importPost(item: WxrItem): Promise<void> {
    const type = item.type as 'post' | 'page';
    const sourceId = String(item.id);
    const mapped = await this.#postOf(item, type);
    if (!mapped) {
      this.#ledger.count(type, 'skipped');
      this.#report.problems.push({
        kind: type,
        sourceId,
        title: item.title,
        reason: m.statusSkipped(item.status),
      });
      return;
    }
    const { post, body } = mapped;
    this.#noteBody(post.title, body);
    this.#report.comments += item.comments.length;
    if (mapped.private) this.#privateCount++;
    if (item.sticky) this.#stickyCount++;
    if (item.parent) this.#nestedCount++;
    const kept = keptOf(item);
    const fingerprint = fingerprintOf({ post, kept });
    const decision = await this.#ledger.decide(type, sourceId, fingerprint);
    const writers = this.#context.writers;
    let slug: string | undefined;
    if (decision.state === 'same') {
      slug =
        decision.targetId === null ? undefined : (await writers.findPost(decision.targetId))?.slug;
    } else if (this.#context.dryRun) {
      this.#ledger.count(type, decision.state === 'new' ? 'imported' : 'updated');
      slug = post.slug;
    } else {
      slug = await writeImportedPost(
        { ledger: this.#ledger, writers },
        { sourceId, post, decision, fingerprint, kept },
      );
    }
    if (slug !== undefined) this.#keepPostAddresses(item, post, `/${slug}/`, mapped.publishedAt);
  }

  #noteBody(title: string, body: ReturnType<typeof wordPressBodyToMarkdown>): void {
    const list = this.#report.unknownShortcodes;
    for (const { name, count } of body.unknownShortcodes) {
      list[name] ??= { count: 0, posts: [] };
      const entry = list[name];
      entry.count += count;
      if (entry.posts.length < postsPerShortcode) entry.posts.push(title);
      else if (entry.posts.length === postsPerShortcode) {
        this.#report.notes.push(m.shortcodeListCut(name, postsPerShortcode));
        entry.posts.push('…');
      }
    }
    // A dry run makes no image or form for a body to find: only a real run can tell.
    if (body.unresolved.length > 0 && !this.#context.dryRun) {
      this.#report.notes.push(m.unresolvedTargets(title, body.unresolved.join(', ')));
    }
  }

  #keepPostAddresses(item: WxrItem, post: ImportedPost, address: string, date: Date | undefined) {
    const addresses = this.#addresses;
    addresses.add(item.link, address);
    const path = oldPath(item.link);
    if (path !== undefined) addresses.add(`${path.replace(/\/?$/, '/')}feed/`, '/feed.xml');
    addresses.addHomeQuery('p', item.id, address);
    if (post.type === 'page') addresses.addHomeQuery('page_id', item.id, address);
    if (post.type === 'post' && post.status === 'published' && date) addresses.notePublished(date);
  }

  async #keepOldAddresses(): Promise<void> {
    const addresses = this.#addresses;
    for (const [key, tag] of this.#tags) {
      const [domain = '', slug = ''] = key.split(/:(.*)/s);
      const page = `/tag/${tag.slug}/`;
      const feed = `/tag/${tag.slug}/feed.xml`;
      if (domain === 'category') {
        const path = this.#categoryPath(slug);
        addresses.addOnBlog(`/category/${path}/`, page);
        addresses.addOnBlog(`/category/${path}/feed/`, feed);
        if (path !== slug) addresses.addOnBlog(`/category/${slug}/`, page);
        const term = this.#categories.get(slug);
        if (term?.id) addresses.addHomeQuery('cat', term.id, page);
      } else {
        addresses.addOnBlog(`/tag/${slug}/`, page);
        addresses.addOnBlog(`/tag/${slug}/feed/`, feed);
        addresses.addHomeQuery('tag', slug, page);
      }
    }
    for (const feed of feeds) addresses.addOnBlog(feed, '/feed.xml');
    const redirects = addresses.all();
    for (let start = 0; start < redirects.length; start += redirectBatch) {
      await this.#context.progress('addresses', start, redirects.length);
      const batch = redirects.slice(start, start + redirectBatch);
      const counts = await this.#context.writers.saveRedirects(batch, this.#context.dryRun);
      for (const outcome of ['imported', 'updated', 'skipped'] as const) {
        if (counts[outcome] > 0) this.#ledger.count('redirect', outcome, counts[outcome]);
      }
    }
  }

  /** A category's path with its parents (`travel/boats`), as WordPress's addresses name it. */
  #categoryPath(slug: string): string {
    const parts = [slug];
    let parent = this.#categories.get(slug)?.parent;
    while (parent && !parts.includes(parent) && parts.length < 10) {
      parts.unshift(parent);
      parent = this.#categories.get(parent)?.parent;
    }
    return parts.join('/');
  }

  #addNotes(): void {
    const report = this.#report;
    if (this.#skippedTypes.size > 0) {
      const types = [...this.#skippedTypes].map(([type, count]) => `${type} (${count})`).join(', ');
      report.notes.push(m.typesSkipped(types));
    }
    if (this.#privateCount > 0) report.notes.push(m.privateAsDraft(this.#privateCount));
    if (this.#stickyCount > 0) report.notes.push(m.stickyNoted(this.#stickyCount));
    if (this.#nestedCount > 0) report.notes.push(m.nestedPages(this.#nestedCount));
    if (report.comments > 0) report.notes.push(m.commentsKept(report.comments));
  }
}

/** Imports a WordPress export into the site (or, in a dry run, says what it would do). */
export async function importWordPress(context: WordPressImportContext): Promise<void> {
  await new WordPressImport(context).run();
}

/**
 * The old site's address, read from the start of the export: the import record of each thing
 * is keyed by it, so two sites' exports never mistake each other's items.
 */
export async function readSiteAddress(
  open: () => AsyncIterable<Uint8Array>,
): Promise<{ site: string; hosts: string[] }> {
  for await (const entry of readWxr(open())) {
    if (entry.kind !== 'site') break;
    const { baseSiteUrl, baseBlogUrl, link } = entry.site;
    const hosts = new Set<string>();
    for (const address of [baseSiteUrl, baseBlogUrl, link]) {
      if (URL.canParse(address)) hosts.add(new URL(address).host);
    }
    return { site: (baseSiteUrl || link).replace(/\/+$/, ''), hosts: [...hosts] };
  }
  return { site: '', hosts: [] };
}
