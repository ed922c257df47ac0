import { hash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Markup that is the same on many pages (a header, an article, a share bar, the sidebar, an
 * inline script), kept once per process with its UTF-8 bytes and, from the first gzip answer
 * that needs it, its deflate blocks. A page names it by its marker while Astro renders, and the
 * page's bytes are joined around it afterwards: the part is neither encoded nor compressed
 * again for each view (decision 0071).
 */
export class KeptPart {
  readonly text: string;
  readonly bytes: Buffer;
  readonly marker: string;
  #crc: number | undefined;
  #deflated: Buffer | undefined;

  /**
   * `note` is written into the marker after the part's name: Astro looks for an island's slot
   * tags in its markup, and finds them there.
   */
  constructor(text: string, note = '') {
    this.text = text;
    this.bytes = Buffer.from(text);
    // Named by its content, so that every process writes the same page (and the same ETag).
    this.marker = `${markerStart}${hash('sha1', this.bytes, 'base64url')}${note}${markerEnd}`;
  }

  /** The CRC-32 of its bytes, as gzip's trailer counts them. */
  get crc(): number {
    this.#crc ??= crc32(this.bytes);
    return this.#crc;
  }

  /**
   * Its bytes as raw deflate blocks that end on a byte boundary and refer to nothing before
   * them, so they can stand anywhere in a stream. Compressed once, so thoroughly (level 6).
   */
  get deflated(): Buffer {
    this.#deflated ??= deflateRawSync(this.bytes, {
      level: 6,
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    return this.#deflated;
  }

  /** Memory it holds, in bytes. */
  get size(): number {
    return this.text.length * 2 + this.bytes.byteLength + (this.#deflated?.byteLength ?? 0);
  }
}

/** An HTML comment, so that a marker nothing joined would at worst hide a part, never break a page. */
const markerStart = '<!--quire-part:';
const markerEnd = '-->';
const markerPattern = /<!--quire-part:[\w-]{27}.*?-->/gs;

/** A page's bytes as they are sent: runs of its own bytes and the kept parts between them. */
export type PageSegment = Buffer | KeptPart;

/** The parts each request's page named, until the page is joined (`takeKeptParts`). */
const partsByRequest = new WeakMap<object, Map<string, KeptPart>>();

/**
 * Text kept as parts by their text, most recently used last, within `maxPartBytes`; each counted
 * with room for its deflate blocks, which come later, as its size then may not be its size now.
 */
const partsByText = new Map<string, { part: KeptPart; bytes: number }>();
const maxPartBytes = 4 * 1024 * 1024;
let partBytes = 0;

/** Parts shorter than this are written out: a marker and a lookup would cost more. */
const shortestPart = 512;

/**
 * The marker that stands for `part` in the page `request` renders; the part is joined in when
 * the page's bytes are made (`takeKeptParts`). Without a request, the part's text.
 */
export function markPart(request: object | undefined, part: KeptPart): string {
  if (!request) return part.text;
  let parts = partsByRequest.get(request);
  if (!parts) {
    parts = new Map();
    partsByRequest.set(request, parts);
  }
  parts.set(part.marker, part);
  return part.marker;
}

/** A kept part for `text` (the same part for the same text). */
export function keptPart(text: string): KeptPart {
  const found = partsByText.get(text);
  if (found) {
    partsByText.delete(text);
    partsByText.set(text, found);
    return found.part;
  }
  const part = new KeptPart(text);
  // Its deflate blocks are at most its bytes (and a few of zlib's per block).
  const bytes = part.size + part.bytes.byteLength;
  if (bytes > maxPartBytes / 16) return part;
  partsByText.set(text, { part, bytes });
  partBytes += bytes;
  for (const [oldest, entry] of partsByText) {
    if (partBytes <= maxPartBytes) break;
    partsByText.delete(oldest);
    partBytes -= entry.bytes;
  }
  return part;
}

/**
 * Markup for `set:html` in an .astro file that shows the same on many pages (the sidebar, an
 * inline script): a marker for the page's request, or the text itself when it is short.
 */
export function keptMarkup(request: object | undefined, text: string): string {
  if (!request || text.length < shortestPart) return text;
  return markPart(request, keptPart(text));
}

/** The parts the page of `request` named, handed over once: a second call finds none. */
export function takeKeptParts(request: object): Map<string, KeptPart> | undefined {
  const parts = partsByRequest.get(request);
  partsByRequest.delete(request);
  return parts;
}

/**
 * `text` with the markers of parts `request` named replaced by their text: markup that is
 * itself kept (an island whose children hold a kept part) must not depend on one request.
 */
export function withPartsWritten(request: object | undefined, text: string): string {
  const parts = request && partsByRequest.get(request);
  if (!parts || !text.includes(markerStart)) return text;
  return text.replace(markerPattern, (marker) => parts.get(marker)?.text ?? marker);
}

const markerStartBytes = Buffer.from(markerStart);

/**
 * A page's bytes cut at the markers of `parts` (a marker of no part stays as it is) and at its
 * long inline styles and scripts, which are kept parts too (`inlineBlocks`).
 */
export function pageSegments(body: Buffer, parts: Map<string, KeptPart>): PageSegment[] {
  const segments: PageSegment[] = [];
  let from = 0;
  let at = body.indexOf(markerStartBytes);
  while (at !== -1) {
    const end = body.indexOf(markerEnd, at + markerStart.length);
    const part =
      end === -1 ? undefined : parts.get(body.toString('utf8', at, end + markerEnd.length));
    if (part) {
      if (at > from) inlineBlocks(body.subarray(from, at), segments);
      segments.push(part);
      from = end + markerEnd.length;
      at = body.indexOf(markerStartBytes, from);
    } else {
      at = body.indexOf(markerStartBytes, at + 1);
    }
  }
  if (from < body.byteLength) inlineBlocks(body.subarray(from), segments);
  return segments;
}

const inlineBlockTags = [
  [Buffer.from('<style>'), Buffer.from('</style>')],
  [Buffer.from('<script>'), Buffer.from('</script>')],
] as const;

/** Inline blocks shorter than this stay in the page's own run. */
const shortestInlineBlock = 1024;

/**
 * `run` into `segments`, its long `<style>` and `<script>` elements (without attributes) as kept
 * parts: the page's stylesheets and Astro's island script, which Astro writes inline on every
 * page, the same text each time, are then compressed once too. Looked up by their text.
 */
function inlineBlocks(run: Buffer, segments: PageSegment[]): void {
  let from = 0;
  let searchFrom = 0;
  for (;;) {
    let start = -1;
    let close: Buffer | undefined;
    for (const [open, end] of inlineBlockTags) {
      const at = run.indexOf(open, searchFrom);
      if (at !== -1 && (start === -1 || at < start)) {
        start = at;
        close = end;
      }
    }
    const end = close ? run.indexOf(close, start) : -1;
    if (!close || end === -1) break;
    const stop = end + close.byteLength;
    if (stop - start >= shortestInlineBlock) {
      if (start > from) segments.push(run.subarray(from, start));
      segments.push(keptPart(run.toString('utf8', start, stop)));
      from = stop;
    }
    searchFrom = stop;
  }
  if (from < run.byteLength) segments.push(from === 0 ? run : run.subarray(from));
}

/** The length of the page's bytes. */
export function segmentsLength(segments: readonly PageSegment[]): number {
  let length = 0;
  for (const segment of segments)
    length += (Buffer.isBuffer(segment) ? segment : segment.bytes).byteLength;
  return length;
}

/** The page's bytes in one piece. */
export function joinedBytes(segments: readonly PageSegment[]): Buffer {
  return Buffer.concat(
    segments.map((segment) => (Buffer.isBuffer(segment) ? segment : segment.bytes)),
  );
}
