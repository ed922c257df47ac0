import { mediaPath } from '../../content/media-urls.ts';
import { ghostImageAddress, ghostPostImages } from '../ghost-body.ts';
import type { GhostPost } from '../ghost-export.ts';
import { isGhostContentImage } from '../ghost-urls.ts';
import { importMessages as m } from '../messages.ts';
import type { ImportedImageFacts, ImportWriters } from './import-dependencies.ts';
import { fingerprintOf, type ImportLedger } from './import-ledger.ts';
import { importableImage, type MediaSource } from './media-source.ts';
import type { OldAddresses } from './old-addresses.ts';

/** Content image addresses in a post's stored body (Lexical, Mobiledoc, HTML with `srcset`). */
const contentImage =
  /(?:__GHOST_URL__|https?:\/\/[^\s"'()\\<>,]+)?\/content\/images\/[^\s"'()\\<>,]+/g;

/**
 * The old site's content images as the import brought them in (decision 0065): each original
 * by its address, with the sized copies (`/content/images/size/w600/…`) the export shows, so
 * bodies point to the imported image and every old address of it redirects there.
 */
export class GhostImages {
  readonly #siteUrl: string;
  readonly #addresses: OldAddresses;
  /** Original address → the sized copies of it the export uses. */
  readonly #variants = new Map<string, Set<string>>();
  /** Original address → the alt text Ghost gave it (feature images). */
  readonly #alts = new Map<string, string>();
  readonly #imported = new Map<string, { mediaId: number; src: string }>();

  constructor(siteUrl: string, addresses: OldAddresses) {
    this.#siteUrl = siteUrl;
    this.#addresses = addresses;
  }

  /** Learns the content images a post shows (feature image first). */
  learn(post: GhostPost): void {
    const feature = post.featureImage;
    if (feature) {
      const original = ghostImageAddress(feature.src, this.#siteUrl);
      if (feature.alt && !this.#alts.has(original)) this.#alts.set(original, feature.alt);
    }
    for (const original of ghostPostImages(post, this.#siteUrl)) {
      if (isGhostContentImage(original, this.#siteUrl) && !this.#variants.has(original)) {
        this.#variants.set(original, new Set());
      }
    }
    // The sized copies the stored body names (srcset included), each an old address of its own.
    const text = `${feature?.src ?? ''} ${JSON.stringify(post.body)}`;
    for (const [found] of text.matchAll(contentImage)) {
      this.#variants.get(ghostImageAddress(found, this.#siteUrl))?.add(found);
    }
  }

  /** Every original the posts show, in the order first seen. */
  originals(): string[] {
    return [...this.#variants.keys()];
  }

  alt(original: string): string {
    return this.#alts.get(original) ?? '';
  }

  mediaId(original: string): number | undefined {
    return this.#imported.get(original)?.mediaId;
  }

  /** The image's address here for a body, undefined when it was not imported. */
  src(original: string): string | undefined {
    return this.#imported.get(original)?.src;
  }

  /** `original` became image `facts`: bodies and its old addresses lead to it. */
  register(original: string, facts: ImportedImageFacts): void {
    const full = mediaPath(facts.id, facts.fileName, facts.width, facts);
    this.#imported.set(original, {
      mediaId: facts.id,
      src: mediaPath(facts.id, facts.fileName, 960, facts),
    });
    this.#addresses.add(original, full);
    for (const variant of this.#variants.get(original) ?? []) {
      this.#addresses.add(variant.replace('__GHOST_URL__', this.#siteUrl), full);
    }
  }
}

/** `/content/images/2024/05/a.jpg` of an address: the image's key in the import record. */
function contentPath(original: string): string {
  const at = original.indexOf('/content/images/');
  return at === -1 ? original : original.slice(at);
}

/**
 * One content image → an image of the media library, fetched from the media source only when
 * new (or when its address changed); never in a dry run.
 */
export async function importGhostImage(
  context: {
    ledger: ImportLedger;
    writers: ImportWriters;
    media: MediaSource | undefined;
    dryRun: boolean;
    images: GhostImages;
  },
  original: string,
): Promise<void> {
  const { ledger, writers, images } = context;
  const sourceId = contentPath(original);
  const alt = images.alt(original).trim().slice(0, 300);
  const fingerprint = fingerprintOf({ url: sourceId, alt });
  const decision = await ledger.decide('image', sourceId, fingerprint);
  if (decision.state === 'same') {
    const facts =
      decision.targetId === null ? undefined : await writers.findImage(decision.targetId);
    if (facts) images.register(original, facts);
    return;
  }
  if (!importableImage.test(sourceId)) {
    ledger.count('image', 'skipped');
    ledger.report.problems.push({ kind: 'image', sourceId, title: original, reason: m.notAnImage });
    return;
  }
  if (decision.state === 'changed' && decision.targetId !== null) {
    const facts = await writers.findImage(decision.targetId);
    if (facts) {
      if (!context.dryRun) await writers.describeImage(facts.id, alt);
      await ledger.record('image', sourceId, {
        targetId: facts.id,
        fingerprint,
        outcome: 'updated',
      });
      images.register(original, facts);
      return;
    }
  }
  const outcome = decision.state === 'changed' ? 'updated' : 'imported';
  if (context.dryRun) return ledger.count('image', outcome);
  if (!context.media) {
    // The owner chose to leave the images out (or gave no place to take them from).
    ledger.count('image', 'skipped');
    if (!ledger.report.notes.includes(m.noMediaSource)) ledger.report.notes.push(m.noMediaSource);
    return;
  }
  let relativePath = sourceId.slice('/content/images/'.length);
  try {
    relativePath = decodeURIComponent(relativePath);
  } catch {
    // Kept as written.
  }
  const found = await context.media.get({ url: original, relativePath });
  if (!found.ok) return ledger.fail('image', sourceId, original, found.reason);
  let facts: ImportedImageFacts;
  try {
    facts = await writers.storeImage(found.bytes, found.fileName, alt);
  } catch (error) {
    return ledger.fail('image', sourceId, original, (error as Error).message);
  }
  await ledger.record('image', sourceId, { targetId: facts.id, fingerprint, outcome });
  images.register(original, facts);
}
