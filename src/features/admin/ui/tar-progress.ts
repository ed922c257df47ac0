/**
 * Follows a backup's tar stream as it arrives in the browser, to say what is being written:
 * reads each 512-byte entry header (its name and size) and skips the entry's data, keeping only
 * the first entry, the manifest, which tells the tables to come and the size to expect.
 */

export type BackupOutline = {
  tables: { name: string }[];
  estimatedBytes: number;
};

export type TarFollower = {
  /** Reads the next bytes as they arrive. */
  push: (bytes: Uint8Array) => void;
  /** The manifest, once it has arrived whole. */
  outline: () => BackupOutline | undefined;
  /** The name of the entry being received. */
  current: () => string | undefined;
};

const block = 512;

function headerName(header: Uint8Array): string {
  const end = header.indexOf(0);
  return new TextDecoder().decode(header.subarray(0, end < 0 || end > 100 ? 100 : end));
}

function headerSize(header: Uint8Array): number {
  const field = new TextDecoder().decode(header.subarray(124, 136)).replace(/\0.*$/, '').trim();
  return Number.parseInt(field || '0', 8);
}

/** The `path` record of a pax header's data (`30 path=files/bucket/key…\n`). */
function paxPath(data: Uint8Array): string | undefined {
  return /(?:^|\n)\d+ path=([^\n]*)\n/.exec(new TextDecoder().decode(data))?.[1];
}

export function followTar(): TarFollower {
  let header = new Uint8Array(block);
  let headerFill = 0;
  /** Bytes of the current entry's data (and padding) still to pass. */
  let skip = 0;
  let current: string | undefined;
  let outline: BackupOutline | undefined;
  /** The data kept whole: the manifest's, or a pax header's (the next entry's long name). */
  let kept: { bytes: Uint8Array; fill: number; done: (data: Uint8Array) => void } | undefined;
  let longName: string | undefined;
  let entries = 0;

  const keep = (bytes: Uint8Array, take: number) => {
    if (!kept || kept.fill >= kept.bytes.length) return;
    const part = bytes.subarray(0, Math.min(take, kept.bytes.length - kept.fill));
    kept.bytes.set(part, kept.fill);
    kept.fill += part.length;
    if (kept.fill === kept.bytes.length) kept.done(kept.bytes);
  };

  const push = (bytes: Uint8Array) => {
    let at = 0;
    while (at < bytes.length) {
      if (skip > 0) {
        const take = Math.min(skip, bytes.length - at);
        keep(bytes.subarray(at), take);
        skip -= take;
        at += take;
        continue;
      }
      const take = Math.min(block - headerFill, bytes.length - at);
      header.set(bytes.subarray(at, at + take), headerFill);
      headerFill += take;
      at += take;
      if (headerFill < block) continue;
      headerFill = 0;
      if (header.every((byte) => byte === 0)) continue;
      const size = headerSize(header);
      const type = String.fromCharCode(header[156] ?? 48);
      kept = undefined;
      if (type === 'x') {
        kept = { bytes: new Uint8Array(size), fill: 0, done: (data) => (longName = paxPath(data)) };
      } else if (type !== 'g') {
        current = longName ?? headerName(header);
        longName = undefined;
        entries++;
        if (entries === 1 && current === 'manifest.json') {
          kept = {
            bytes: new Uint8Array(size),
            fill: 0,
            done: (data) => {
              try {
                outline = JSON.parse(new TextDecoder().decode(data)) as BackupOutline;
              } catch {
                outline = undefined;
              }
            },
          };
        }
      }
      skip = Math.ceil(size / block) * block;
      header = new Uint8Array(block);
    }
  };
  return { push, outline: () => outline, current: () => current };
}

/** The table an entry belongs to (`tables/posts/000001.ndjson.gz` → posts), or `files`. */
export function entryTable(name: string | undefined): string | undefined {
  if (!name) return undefined;
  if (name.startsWith('files/')) return 'files';
  return /^tables\/([^/]+)\//.exec(name)?.[1];
}
