/**
 * What the owner does to posts and pages chosen in a list (issue 29, point 3), shared by the
 * list's markup and the server that applies it: the actions, and how a ticked row names the
 * item and the revision the list showed, so an item changed since is left as it is.
 */

/** The actions of the lists of posts or pages that are not in the Trash. */
export const listActions = ['publish', 'unpublish', 'trash'] as const;

/** The actions of the Trash: bring back, or delete permanently. */
export const trashActions = ['restore', 'delete'] as const;

export const postActions = [...listActions, ...trashActions] as const;

export type PostAction = (typeof postActions)[number];

/** How many items one request may name: a page of the list, or an undo of one, fits. */
export const bulkPostLimit = 100;

/** Days an item stays in the Trash before the sweep deletes it permanently. */
export const trashKeepDays = 30;

export const trashKeepMs = trashKeepDays * 86_400_000;

/** When an item moved to the Trash at `trashedAt` is deleted permanently. */
export const trashExpiresAt = (trashedAt: number) => trashedAt + trashKeepMs;

/** An item as a ticked row names it: its id and the revision the list showed. */
export type ItemRef = { id: number; revision: number };

/** A ticked row's value: `12:3` is item 12 at revision 3. */
export const itemRefValue = (item: ItemRef) => `${item.id}:${item.revision}`;

export function itemRefOf(value: string): ItemRef | undefined {
  const match = /^(\d{1,12}):(\d{1,12})$/.exec(value);
  if (!match) return undefined;
  const id = Number(match[1]);
  const revision = Number(match[2]);
  return id > 0 && revision > 0 ? { id, revision } : undefined;
}

/** Several items in one address parameter (an undo): `12:4,13:5`. */
export const itemRefsValue = (items: readonly ItemRef[]) => items.map(itemRefValue).join(',');

export function itemRefsOf(value: string | null): ItemRef[] {
  if (!value) return [];
  const items = value.split(',', bulkPostLimit + 1).map(itemRefOf);
  if (items.length > bulkPostLimit || items.some((item) => item === undefined)) return [];
  return items as ItemRef[];
}
