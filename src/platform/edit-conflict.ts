/** The version of a post or form a stale save would have overwritten. */
export type CurrentRevision = {
  revision: number;
  updatedAt: number;
  /** The user who saved it, if a user did. */
  updatedBy: number | null;
};

/**
 * A save made from an older revision than the item has now (someone else, or another tab,
 * saved it since it was opened): refused, nothing written (issue 28, point 10).
 */
export class EditConflict extends Error {
  override name = 'EditConflict';
  readonly current: CurrentRevision;
  constructor(current: CurrentRevision) {
    super(`The item was saved again (revision ${current.revision}) since it was opened.`);
    this.current = current;
  }
}

/** How a save names the revision it was made from, and who makes it. */
export type EditBase = {
  /** The revision the editor opened (or, to overwrite, the newer one it was told of). */
  baseRevision?: number | undefined;
  userId?: number | undefined;
};
