import { createHash } from 'node:crypto';
import { ghostImageAddress, ghostPostBody } from '../ghost-body.ts';
import type { GhostExport, GhostPost, GhostTag, GhostUser } from '../ghost-export.ts';
import type { GhostBody } from '../ghost-lexical.ts';
import { ghostMessages as g, importMessages as m } from '../messages.ts';
import { GhostImages, importGhostImage } from './ghost-media.ts';
import type { ImportedPost, ImportWriters } from './import-dependencies.ts';
import { fingerprintOf, type ImportLedger } from './import-ledger.ts';
import type { MediaSource } from './media-source.ts';
import { OldAddresses } from './old-addresses.ts';
import { excerptOf, plainText, slugFor } from './post-fields.ts';
import { writeImportedPost } from './post-writer.ts';
import { taskPool } from './task-pool.ts';

/**
 * The Ghost import (issue 30 point 7, decision 0065): the export read whole by
 * `readGhostExport`, then written through the WordPress import's pieces — the import record,
 * the writers, the media sources, the old addresses. Authors who wrote posts, public tags, the
 * content images the posts show, then posts and pages (whose bodies find the images), then the
 * old addresses.
 */
export type GhostImportContext = {
  ledger: ImportLedger;
  writers: ImportWriters;
  media: MediaSource | undefined;
  dryRun: boolean;
  ghost: GhostExport;
  /** Says how far it got; throws to stop the import. */
  progress: (phase: string, done: number, total: number) => Promise<void>;
};

/** Images fetched and stored at once. */
const mediaConcurrency = 4;
/** Posts named per unknown card in the report. */
const postsPerCard = 10;
/** Redirects written at a time. */
const redirectBatch = 500;

class GhostImport {
  readonly #context: GhostImportContext;
  readonly #ledger: ImportLedger;
  readonly #siteUrl: string;
  readonly #addresses: OldAddresses;
  readonly #images: GhostImages;
  readonly #authors = new Map<string, number>();
  /** Ghost tag id → the tag it became here. */
  readonly #tags = new Map<string, { name: string; slug: string; ghostSlug: string }>();
  readonly #unknownCards = new Map<string, { count: number; posts: string[] }>();
  #featured = 0;

  constructor(context: GhostImportContext) {
    this.#context = context;
    this.#ledger = context.ledger;
    this.#siteUrl = context.ghost.site.url ?? '';
    this.#addresses = new OldAddresses(this.#siteUrl);
    this.#images = new GhostImages(this.#siteUrl, this.#addresses);
  }

  get #report() {
    return this.#ledger.report;
  }

  async run(): Promise<void> {
    const { ghost, progress } = this.#context;
    this.#report.notes.push(...ghost.notes);
    for (const post of ghost.posts) this.#images.learn(post);
    const authorIds = new Set(ghost.posts.flatMap((post) => post.authorIds));
    const authors = ghost.users.filter((user) => authorIds.has(user.id));
    const originals = this.#images.originals();
    const total = authors.length + ghost.tags.length + originals.length;
    let done = 0;
    for (const user of authors) {
      await progress('media', ++done, total);
      await this.#importAuthor(user);
    }
    for (const tag of ghost.tags) {
      await progress('media', ++done, total);
      await this.#importTag(tag);
    }
    const pool = taskPool(mediaConcurrency);
    const imageContext = { ...this.#context, images: this.#images };
    for (const original of originals) {
      await progress('media', ++done, total);
      await pool.add(() => importGhostImage(imageContext, original));
    }
    await pool.drain();
    await progress('posts', 0, ghost.posts.length);
    let posts = 0;
    for (const post of ghost.posts) {
      await this.#importPost(post);
      await progress('posts', ++posts, ghost.posts.length);
    }
    await this.#keepOldAddresses();
    this.#addNotes();
  }

  async #importAuthor(user: GhostUser): Promise<void> {
    const name = plainText(user.name || user.slug).slice(0, 100) || user.slug;
    const email = user.email.trim().toLowerCase();
    if (email === '') {
      this.#report.notes.push(g.authorWithoutEmail(name));
      return;
    }
    const fingerprint = fingerprintOf({ email, name });
    const decision = await this.#ledger.decide('author', user.id, fingerprint);
    if (decision.state === 'same' && decision.targetId !== null) {
      this.#authors.set(user.id, decision.targetId);
      return;
    }
    const outcome = decision.state === 'new' ? 'imported' : 'updated';
    if (this.#context.dryRun) return this.#ledger.count('author', outcome);
    try {
      const id = await this.#context.writers.ensureAuthor({ email, name });
      this.#authors.set(user.id, id);
      await this.#ledger.record('author', user.id, { targetId: id, fingerprint, outcome });
    } catch (error) {
      this.#ledger.fail('author', user.id, name, g.authorRefused(name, (error as Error).message));
    }
  }

  async #importTag(tag: GhostTag): Promise<void> {
    const name = (plainText(tag.name) || tag.slug).slice(0, 60);
    // A slug Quire cannot use becomes one that stays the same from run to run.
    const slug =
      slugFor(tag.slug, name) ??
      `topic-${createHash('sha1').update(tag.slug).digest('hex').slice(0, 8)}`;
    const fingerprint = fingerprintOf({ name, slug });
    const decision = await this.#ledger.decide('tag', tag.id, fingerprint);
    let made = { name, slug };
    if (decision.state === 'same') {
      const kept = decision.kept as { name?: string; slug?: string };
      made = { name: kept.name ?? name, slug: kept.slug ?? slug };
    } else if (this.#context.dryRun) {
      this.#ledger.count('tag', decision.state === 'new' ? 'imported' : 'updated');
    } else {
      const saved = await this.#context.writers.ensureTag(name, slug);
      made = { name: saved.name, slug: saved.slug };
      await this.#ledger.record('tag', tag.id, {
        targetId: saved.id,
        fingerprint,
        outcome: decision.state === 'new' ? 'imported' : 'updated',
        kept: made,
      });
    }
    this.#tags.set(tag.id, { ...made, ghostSlug: tag.slug });
  }

  #postOf(post: GhostPost): { mapped: ImportedPost; body: GhostBody } {
    const images = this.#images;
    const title = plainText(post.title).slice(0, 200) || m.untitled;
    const body = ghostPostBody(post, {
      siteUrl: this.#siteUrl,
      image: (original) => images.src(original),
    });
    const tags = post.tags.flatMap((tag) => this.#tags.get(tag.id)?.name ?? []);
    if (tags.length > 20) this.#report.notes.push(m.tooManyTags(title, tags.length));
    const feature = post.featureImage;
    const publishedAt = post.publishedAt === undefined ? undefined : new Date(post.publishedAt);
    const status = post.status === 'scheduled' && !publishedAt ? 'draft' : post.status;
    const mapped: ImportedPost = {
      type: post.type,
      title,
      slug: slugFor(post.slug, title),
      excerpt: excerptOf(post.excerpt),
      body: this.#localLinks(body.markdown),
      status,
      publishedAt,
      tags: [...new Set(tags)].slice(0, 20),
      coverMediaId: feature
        ? (images.mediaId(ghostImageAddress(feature.src, this.#siteUrl)) ?? null)
        : null,
      authorId: this.#authors.get(post.authorIds[0] ?? '') ?? null,
    };
    return { mapped, body };
  }

  /** Links and images of the old site point here: the same paths answer, or redirect. */
  #localLinks(markdown: string): string {
    const site = this.#siteUrl;
    if (!/^https?:\/\//.test(site)) return markdown;
    return markdown.replaceAll(`](${site}/`, '](/').replaceAll(`href="${site}/`, 'href="/');
  }

  /** What Quire has no place for yet, kept with the import record. */
  #keptOf(post: GhostPost): Record<string, unknown> {
    return {
      url: `${this.#siteUrl}/${post.slug}/`,
      status: post.ghostStatus,
      ...(post.featured ? { featured: true } : {}),
      ...(post.authorIds.length > 1 ? { authors: post.authorIds } : {}),
      ...(post.seoTitle ? { seoTitle: post.seoTitle } : {}),
      ...(post.seoDescription ? { seoDescription: post.seoDescription } : {}),
      ...(post.canonicalUrl ? { canonicalUrl: post.canonicalUrl } : {}),
      ...(post.featureImage?.caption ? { coverCaption: post.featureImage.caption } : {}),
    };
  }

  async #importPost(post: GhostPost): Promise<void> {
    const { mapped, body } = this.#postOf(post);
    this.#noteBody(mapped.title, post, body);
    if (post.featured) this.#featured++;
    const kept = this.#keptOf(post);
    const fingerprint = fingerprintOf({ post: mapped, kept });
    const decision = await this.#ledger.decide(post.type, post.id, fingerprint);
    const writers = this.#context.writers;
    let slug: string | undefined;
    if (decision.state === 'same') {
      slug =
        decision.targetId === null ? undefined : (await writers.findPost(decision.targetId))?.slug;
    } else if (this.#context.dryRun) {
      this.#ledger.count(post.type, decision.state === 'new' ? 'imported' : 'updated');
      slug = mapped.slug;
    } else {
      slug = await writeImportedPost(
        { ledger: this.#ledger, writers },
        { sourceId: post.id, post: mapped, decision, fingerprint, kept },
      );
    }
    if (slug === undefined || post.slug === '') return;
    // Ghost's address of a post or page is /{slug}/ (and /{slug}/amp/ before Ghost 5).
    this.#addresses.addOnBlog(`/${post.slug}/`, `/${slug}/`);
    this.#addresses.addOnBlog(`/${post.slug}/amp/`, `/${slug}/`);
  }

  #noteBody(title: string, post: GhostPost, body: GhostBody): void {
    for (const note of [...post.notes, ...body.notes]) {
      this.#report.notes.push(g.postNote(title, note));
    }
    for (const { name, count } of body.unknownCards) {
      const entry = this.#unknownCards.get(name) ?? { count: 0, posts: [] };
      entry.count += count;
      if (entry.posts.length < postsPerCard) entry.posts.push(`“${title}”`);
      this.#unknownCards.set(name, entry);
    }
  }

  async #keepOldAddresses(): Promise<void> {
    const addresses = this.#addresses;
    for (const tag of this.#tags.values()) {
      addresses.addOnBlog(`/tag/${tag.ghostSlug}/`, `/tag/${tag.slug}/`);
      addresses.addOnBlog(`/tag/${tag.ghostSlug}/rss/`, `/tag/${tag.slug}/feed.xml`);
    }
    // Quire has no author pages: an author's page leads to the home page, their feed to the site's.
    for (const user of this.#context.ghost.users) {
      if (user.slug === '') continue;
      addresses.addOnBlog(`/author/${user.slug}/`, '/');
      addresses.addOnBlog(`/author/${user.slug}/rss/`, '/feed.xml');
    }
    addresses.addOnBlog('/rss/', '/feed.xml');
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

  #addNotes(): void {
    if (this.#featured > 0) this.#report.notes.push(g.featuredNoted(this.#featured));
    for (const [name, { count, posts }] of this.#unknownCards) {
      this.#report.notes.push(g.unknownCards(name, count, posts.join(', ')));
    }
  }
}

/** Imports a Ghost export into the site (or, in a dry run, says what it would do). */
export async function importGhost(context: GhostImportContext): Promise<void> {
  await new GhostImport(context).run();
}
