import { constants, crc32, createDeflateRaw, gzipSync } from 'node:zlib';
import { joinedBytes, type PageSegment, segmentsLength } from './kept-parts.ts';

/**
 * The part of Node's zlib stream that compresses synchronously without ending the stream. Node's
 * own synchronous functions (`gzipSync`, `_processChunk`) close the stream after one call, so
 * each page paid for a new compressor (its 256 KB of state); its stream API is asynchronous.
 */
type ZlibHandle = {
  writeSync(
    flush: number,
    input: Buffer,
    inputOffset: number,
    inputLength: number,
    output: Buffer,
    outputOffset: number,
    outputLength: number,
  ): void;
};

type Compressor = { handle: ZlibHandle; state: Uint32Array; failure?: Error };

let compressor: Compressor | undefined | null;

/** This process's one raw deflate compressor, or null where Node no longer offers its handle. */
function sharedCompressor(): Compressor | null {
  if (compressor !== undefined) return compressor;
  const stream = createDeflateRaw({ level: 1, memLevel: 8 });
  const { _handle: handle, _writeState: state } = stream as unknown as {
    _handle?: Partial<ZlibHandle>;
    _writeState?: Uint32Array;
  };
  if (typeof handle?.writeSync !== 'function' || !(state instanceof Uint32Array)) {
    compressor = null;
    return compressor;
  }
  const made: Compressor = { handle: handle as ZlibHandle, state };
  // zlib reports a failure through the stream, during the call that failed.
  stream.on('error', (error) => {
    made.failure = error;
  });
  compressor = made;
  return compressor;
}

const scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * `input` compressed as raw deflate blocks ending with a full flush: byte-aligned, and the next
 * blocks refer to nothing before them, so a kept part's own blocks can follow.
 */
function deflateRun(shared: Compressor, input: Buffer, chunks: Buffer[]): void {
  const { handle, state } = shared;
  let offset = 0;
  let length = input.byteLength;
  for (;;) {
    handle.writeSync(constants.Z_FULL_FLUSH, input, offset, length, scratch, 0, scratch.byteLength);
    if (shared.failure) throw shared.failure;
    const [outputLeft = 0, inputLeft = 0] = state;
    const written = scratch.byteLength - outputLeft;
    if (written > 0) chunks.push(Buffer.from(scratch.subarray(0, written)));
    offset += length - inputLeft;
    length = inputLeft;
    // Output space left over means the flush is complete.
    if (outputLeft !== 0) return;
  }
}

/** Runs shorter than this are sent as they are: a block's header and its flush cost more. */
const shortestCompressedRun = 256;

/** A stored (uncompressed) deflate block; runs are at most a page's bytes, split below 64 KB. */
function storedBlocks(input: Buffer, chunks: Buffer[]): void {
  for (let offset = 0; offset < input.byteLength; offset += 0xffff) {
    const piece = input.subarray(offset, offset + 0xffff);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(piece.byteLength, 1);
    header.writeUInt16LE(~piece.byteLength & 0xffff, 3);
    chunks.push(header, piece);
  }
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/**
 * A page as gzip, its kept parts' blocks compressed once and copied in, only the runs between
 * them compressed now (level 1). The same bytes decompress as the page; gzip's trailer carries
 * the CRC-32 and length of all of it (RFC 1952). Where Node offers no reusable compressor, the
 * page is compressed whole.
 */
export function joinedGzip(segments: readonly PageSegment[]): Buffer {
  const shared = sharedCompressor();
  if (!shared) return gzipSync(joinedBytes(segments), { level: 1 });
  try {
    return joined(shared, segments);
  } catch {
    // A compressor that failed is not used again; this page is compressed whole.
    compressor = undefined;
    return gzipSync(joinedBytes(segments), { level: 1 });
  }
}

function joined(shared: Compressor, segments: readonly PageSegment[]): Buffer {
  const chunks: Buffer[] = [gzipHeader];
  let crc = 0;
  for (const segment of segments) {
    // Not `instanceof`: the page cache and Astro's pages are bundled apart, each with its copy.
    if (!Buffer.isBuffer(segment)) {
      chunks.push(segment.deflated);
      crc = crc32(segment.bytes, crc);
    } else if (segment.byteLength > 0) {
      if (segment.byteLength < shortestCompressedRun) storedBlocks(segment, chunks);
      else deflateRun(shared, segment, chunks);
      crc = crc32(segment, crc);
    }
  }
  const trailer = Buffer.alloc(10);
  // An empty final block (fixed codes): BFINAL 1, BTYPE 01, end-of-block code.
  trailer[0] = 0x03;
  trailer[1] = 0x00;
  trailer.writeUInt32LE(crc >>> 0, 2);
  trailer.writeUInt32LE(segmentsLength(segments) % 2 ** 32, 6);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}
