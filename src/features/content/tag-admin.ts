/**
 * What the Tags screen shares between the server and the page (issue 29, point 5): a tag's
 * change as typed, and each refused value's message. The queries are in server/tags-admin.ts.
 */

/** The longest tag name, as the post editor takes it (post-input.ts). */
export const tagNameMaxLength = 60;

/** The longest description of a topic, shown on its page and in its feed. */
export const tagDescriptionMaxLength = 300;

/** A tag's topic page. */
export const tagPagePath = (slug: string) => `/tag/${slug}/`;

/** A tag's change, as the owner typed it. */
export type TagChange = { name: string; slug: string; description: string };

export type TagFormErrors = Partial<Record<keyof TagChange, string>>;

/** The change form: what was typed, and each refused value's message. */
export type TagEditor = { values: TagChange; errors: TagFormErrors };
