/**
 * Where a text (a post's Markdown, a form's definition) points at stored images, by their
 * addresses `/media/{id}/…` (with or without the site's origin). Isomorphic and pure, so the
 * media library, the sweep and the demo's removal all read references the same way.
 */

/** `/media/12` as a whole id: not the start of `/media/123`. */
const idEnd = String.raw`(?=[/)\s"'>\]]|$)`;

/** The ids of every image a text refers to, each once, in the order first met. */
export function mediaIdsIn(text: string): number[] {
  const ids = new Set<number>();
  for (const match of text.matchAll(new RegExp(String.raw`\/media\/(\d+)${idEnd}`, 'g'))) {
    ids.add(Number(match[1]));
  }
  return [...ids];
}

/** An address of image `id`: site-relative, or absolute with any origin. */
const addressOf = (id: number) =>
  String.raw`(?:https?:\/\/[^\s()<>"'\]]*?)?\/media\/${id}${idEnd}[^\s()<>"'\]]*`;

/** The text between a Markdown image's or link's brackets, escapes included. */
const bracketed = String.raw`\[((?:\\.|[^\]\\])*)\]`;
/** `(address)`, `(<address>)`, with or without a title. */
const target = (address: string) => String.raw`\(\s*<?${address}>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)`;

/** Markdown's escapes in a description undone: `\[` is `[`. */
const unescapeBrackets = (text: string) => text.replace(/\\([\\[\]])/g, '$1');

/**
 * The description each Markdown image of a stored image carries, in order: `![A quay](/media/4/…)`
 * gives `{ id: 4, alt: 'A quay' }`.
 */
export function markdownImages(markdown: string): { id: number; alt: string }[] {
  const image = new RegExp(
    `!${bracketed}${target(String.raw`(?:https?:\/\/[^\s()<>"'\]]*?)?\/media\/(\d+)${idEnd}[^\s()<>"'\]]*`)}`,
    'g',
  );
  return [...markdown.matchAll(image)].map((match) => ({
    id: Number(match[2]),
    alt: unescapeBrackets(match[1] ?? '').trim(),
  }));
}

/**
 * The text without image `id`: its Markdown images go (a linked image with its link), links to it
 * keep their words, HTML images and reference definitions of it go, and any address of it left
 * (a bare URL) is taken out. A line that held only what was removed goes too, and with it one of
 * the blank lines around it, so a paragraph's spacing stays as it was.
 */
export function withoutImage(text: string, id: number): string {
  const address = addressOf(id);
  const image = `!${bracketed}${target(address)}`;
  const anyImage = String.raw`!\[(?:\\.|[^\]\\])*\]\([^)]*\)`;
  const steps: [RegExp, string][] = [
    // The image inside a link goes with its link; another image linking to it stays, unlinked.
    [new RegExp(String.raw`\[\s*${image}\s*\]\([^)]*\)`, 'g'), ''],
    [new RegExp(String.raw`\[\s*(${anyImage})\s*\]${target(address)}`, 'g'), '$1'],
    [new RegExp(image, 'g'), ''],
    [new RegExp(`${bracketed}${target(address)}`, 'g'), '$1'],
    [new RegExp(String.raw`<img\b[^>]*?\bsrc\s*=\s*["']?${address}["']?[^>]*>`, 'gi'), ''],
    [new RegExp(String.raw`^ {0,3}\[[^\]]+\]:\s*<?${address}>?.*$`, 'gm'), ''],
    [new RegExp(`<?${address}>?`, 'g'), ''],
  ];
  const lines = text.split('\n');
  const kept: string[] = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n] ?? '';
    const changed = steps.reduce((result, [pattern, by]) => result.replace(pattern, by), line);
    if (changed === line || changed.trim() !== '') {
      kept.push(changed);
      continue;
    }
    // The line is gone: with blank lines on both sides, one of them goes too.
    if ((kept.at(-1) ?? '').trim() === '' && (lines[n + 1] ?? '').trim() === '') n++;
  }
  return kept.join('\n');
}
