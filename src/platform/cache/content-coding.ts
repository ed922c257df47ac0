import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { joinedGzip } from './joined-gzip.ts';
import { joinedBytes, type PageSegment, segmentsLength } from './kept-parts.ts';

/** The compressed forms a page is sent in; every browser takes gzip, all current ones br. */
export type ContentCoding = 'br' | 'gzip';

/**
 * How hard to compress. A page that is kept is compressed once and sent many times, so it is
 * worth squeezing (brotli 5: a 60 KB post in 14.4 KB, gzip 6 in 15.7 KB). A page thrown away
 * after one answer is compressed fast: brotli 1 costs a quarter of gzip 1 on this machine
 * (0.23 against 0.77 ms for the same post) for 17.8 KB (decision 0030).
 */
export type CompressionEffort = 'thorough' | 'fast';

/** Below this, compressing saves less than a packet and costs a round of zlib. */
const minimumBytes = 1024;

function compress(body: Buffer, coding: ContentCoding, effort: CompressionEffort): Buffer {
  if (coding === 'gzip') {
    // memLevel 9: a larger hash table is faster here than the default 8.
    return gzipSync(body, effort === 'thorough' ? { level: 6 } : { level: 1, memLevel: 9 });
  }
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'thorough' ? 5 : 1,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/**
 * A body and its compressed forms, each made the first time a client asks for it: most
 * visitors' browsers take br, a few clients gzip only, so a page seldom needs both.
 * `onGrow` tells whoever counts the memory how much a new form added.
 */
export class EncodedBody {
  readonly #effort: CompressionEffort;
  readonly #segments: readonly PageSegment[] | undefined;
  readonly #length: number;
  /** What the page's own runs hold besides its kept parts, which their stores count. */
  readonly #runBytes: number = 0;
  #identity: Buffer | undefined;
  readonly #forms = new Map<ContentCoding, Buffer>();
  onGrow: ((bytes: number) => void) | undefined;

  /**
   * `body` is the page's bytes, or the page cut at its kept parts (kept-parts.ts). A page that
   * is kept is joined at once (it is compressed whole, once); one compressed fast is joined only
   * when a client needs it whole: a gzip answer is joined from the parts' own blocks.
   */
  constructor(body: Buffer | readonly PageSegment[], effort: CompressionEffort) {
    this.#effort = effort;
    if (Buffer.isBuffer(body) || effort === 'thorough') {
      this.#identity = Buffer.isBuffer(body) ? body : joinedBytes(body);
      this.#length = this.#identity.byteLength;
    } else {
      this.#segments = body;
      this.#length = segmentsLength(body);
      for (const segment of body)
        if (Buffer.isBuffer(segment)) this.#runBytes += segment.byteLength;
    }
  }

  /** The body as it is, uncompressed. */
  get identity(): Buffer {
    this.#identity ??= joinedBytes(this.#segments ?? []);
    return this.#identity;
  }

  /** Whether the body is worth compressing at all (and so varies with Accept-Encoding). */
  get compressible(): boolean {
    return this.#length >= minimumBytes;
  }

  /** Bytes of the body (joined or not yet) and the forms made so far. */
  get bytes(): number {
    let bytes = this.#length + this.#runBytes;
    for (const form of this.#forms.values()) bytes += form.byteLength;
    return bytes;
  }

  /** The body in `coding`, or undefined when the body is too small to compress. */
  encoded(coding: ContentCoding): Buffer | undefined {
    if (!this.compressible) return undefined;
    let form = this.#forms.get(coding);
    if (!form) {
      form =
        coding === 'gzip' && this.#effort === 'fast' && this.#segments
          ? // Kept parts are compressed once (level 6); only the page's own runs between them now.
            joinedGzip(this.#segments)
          : compress(this.identity, coding, this.#effort);
      this.#forms.set(coding, form);
      this.onGrow?.(form.byteLength);
    }
    return form;
  }
}

/** Quality values of an Accept-Encoding header, by coding; `*` stands for the others. */
function qualities(acceptEncoding: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let quality = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) quality = Number(match[1]);
    }
    result.set(coding, Number.isFinite(quality) ? quality : 0);
  }
  return result;
}

function takes(accepted: Map<string, number>, coding: ContentCoding): boolean {
  return (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
}

/** Whether a client that sent `acceptEncoding` takes `coding`; `q=0` refuses, `*` admits. */
export function accepts(acceptEncoding: string | null | undefined, coding: ContentCoding): boolean {
  return !!acceptEncoding && takes(qualities(acceptEncoding), coding);
}

/** The coding to answer a request with: br when the client takes it, else gzip, else none. */
export function preferredCoding(
  acceptEncoding: string | null | undefined,
): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = qualities(acceptEncoding);
  if (takes(accepted, 'br')) return 'br';
  if (takes(accepted, 'gzip')) return 'gzip';
  return undefined;
}
