import { mediaPath } from '../../content/media-urls.ts';
import { importMessages as m } from '../messages.ts';
import type { ImportedImage, WordPressBodyLookups } from '../wordpress-body.ts';
import type { ImportedImageFacts, ImportWriters } from './import-dependencies.ts';
import { fingerprintOf, type ImportLedger } from './import-ledger.ts';
import { importableImage, type MediaSource } from './media-source.ts';
import type { OldAddresses } from './old-addresses.ts';
import type { WxrItem } from './wxr-reader.ts';

/** An upload's address without host, size suffix or `-scaled`, decoded: how bodies find it. */
export function uploadKey(url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://old.invalid').pathname);
  } catch {
    return undefined;
  }
  return path
    .normalize('NFC')
    .replace(/-(?:\d+x\d+|scaled)(?=\.[a-z0-9]+$)/i, '')
    .toLowerCase();
}

/**
 * The old site's images as the import brought them in: by attachment id (galleries, covers) and
 * by upload address (images in bodies), with every old address of each leading to it.
 */
export class ImportedMedia {
  readonly #byId = new Map<number, ImportedImage & { mediaId: number }>();
  readonly #byUpload = new Map<string, string>();
  /** Where the old uploads were, e.g. `https://old.example.com/wp-content/uploads/`. */
  uploadsUrl = '';

  readonly addresses: OldAddresses;

  constructor(addresses: OldAddresses) {
    this.addresses = addresses;
  }

  /** Learns the uploads folder's address from an attachment whose file path the export gives. */
  learnUploadsUrl(item: WxrItem): void {
    const file = item.attachedFile;
    if (this.uploadsUrl !== '' || !file || !item.attachmentUrl.endsWith(file)) return;
    this.uploadsUrl = item.attachmentUrl.slice(0, -file.length);
  }

  mediaId(attachmentId: number): number | undefined {
    return this.#byId.get(attachmentId)?.mediaId;
  }

  lookups(): Pick<WordPressBodyLookups, 'uploadsUrl' | 'image' | 'attachment'> {
    return {
      uploadsUrl: this.uploadsUrl,
      image: (url) => {
        const key = uploadKey(url);
        return key === undefined ? undefined : this.#byUpload.get(key);
      },
      attachment: (id) => this.#byId.get(id),
    };
  }

  /** An attachment became image `facts`: bodies and old addresses lead to it. */
  register(item: WxrItem, facts: ImportedImageFacts, alt: string): void {
    const full = mediaPath(facts.id, facts.fileName, facts.width, facts);
    const inText = mediaPath(facts.id, facts.fileName, 960, facts);
    this.#byId.set(item.id, { mediaId: facts.id, src: inText, alt });
    const key = uploadKey(item.attachmentUrl);
    if (key !== undefined) this.#byUpload.set(key, inText);
    this.addresses.add(item.attachmentUrl, full);
    const folder = item.attachmentUrl.slice(0, item.attachmentUrl.lastIndexOf('/') + 1);
    for (const size of item.attachmentMetadata?.sizes ?? [])
      this.addresses.add(folder + size, full);
    this.addresses.add(item.link, full);
    this.addresses.addHomeQuery('attachment_id', item.id, full);
  }
}

export type AttachmentContext = {
  ledger: ImportLedger;
  writers: ImportWriters;
  media: MediaSource | undefined;
  dryRun: boolean;
  images: ImportedMedia;
};

/**
 * One attachment → an image of the media library (its alt text, its caption kept): fetched from
 * the media source only when new or when its file changed; never in a dry run.
 */
export async function importAttachment(context: AttachmentContext, item: WxrItem): Promise<void> {
  const { ledger, writers, images } = context;
  const sourceId = String(item.id);
  const alt = (item.meta._wp_attachment_image_alt ?? '').trim().slice(0, 300);
  const url = item.attachmentUrl;
  const fingerprint = fingerprintOf({ url, file: item.attachedFile, alt, caption: item.excerpt });
  const decision = await ledger.decide('attachment', sourceId, fingerprint);
  if (decision.state === 'same') {
    const facts =
      decision.targetId === null ? undefined : await writers.findImage(decision.targetId);
    if (facts) images.register(item, facts, alt);
    return;
  }
  const title = item.title || url;
  if (!importableImage.test(item.attachedFile ?? url)) {
    ledger.count('attachment', 'skipped');
    ledger.report.problems.push({ kind: 'attachment', sourceId, title, reason: m.notAnImage });
    return;
  }
  const kept = { url, ...(item.excerpt ? { caption: item.excerpt } : {}) };
  if (decision.state === 'changed' && decision.targetId !== null && decision.kept.url === url) {
    const facts = await writers.findImage(decision.targetId);
    if (facts) {
      if (!context.dryRun) await writers.describeImage(facts.id, alt);
      await ledger.record('attachment', sourceId, {
        targetId: facts.id,
        fingerprint,
        outcome: 'updated',
        kept,
      });
      images.register(item, facts, alt);
      return;
    }
  }
  const outcome = decision.state === 'changed' ? 'updated' : 'imported';
  if (context.dryRun) {
    ledger.count('attachment', outcome);
    return;
  }
  if (!context.media) {
    // The owner chose to leave the images out (or gave no place to take them from).
    ledger.count('attachment', 'skipped');
    if (!ledger.report.notes.includes(m.noMediaSource)) ledger.report.notes.push(m.noMediaSource);
    return;
  }
  const found = await context.media.get({
    url,
    ...(item.attachedFile ? { relativePath: item.attachedFile } : {}),
  });
  if (!found.ok) return ledger.fail('attachment', sourceId, title, found.reason);
  let facts: ImportedImageFacts;
  try {
    facts = await writers.storeImage(found.bytes, found.fileName, alt);
  } catch (error) {
    return ledger.fail('attachment', sourceId, title, (error as Error).message);
  }
  await ledger.record('attachment', sourceId, { targetId: facts.id, fingerprint, outcome, kept });
  images.register(item, facts, alt);
}
