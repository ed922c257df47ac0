/**
 * Where an import finds the files of the old site's media library (decision 0063): a local
 * copy of `wp-content/uploads` (or Ghost's content folder), or the old site itself over HTTPS.
 * The importer asks for one file at a time, several at once; a source answers the bytes or a
 * reason the owner can read (it never throws for a file it could not get).
 */
export type MediaWanted = {
  /** The file's address on the old site, as the export names it. */
  url: string;
  /** Its path under the uploads (or content) folder, when the export says it. */
  relativePath?: string;
};

export type MediaFound =
  | { ok: true; bytes: Uint8Array; fileName: string }
  | { ok: false; reason: string };

export interface MediaSource {
  get(wanted: MediaWanted): Promise<MediaFound>;
}

/** The files Quire's media library takes; others (PDF, audio) stay on the old site. */
export const importableImage = /\.(?:jpe?g|png|gif|webp)$/i;
