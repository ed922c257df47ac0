import { type ImageAttributes, renderMarkdown } from '../../../platform/markdown.ts';
import type { SanitisedHtml } from '../../../platform/sanitised-html.ts';
import { type MediaSize, mediaPath, mediaSrcset } from '../media-urls.ts';

/**
 * Media referenced in Markdown as `/media/{id}/…`, with their sizes (for responsive images) and
 * their descriptions in the media library.
 */
export type MediaLookup = ReadonlyMap<number, MediaSize & { fileName: string; alt?: string }>;

const mediaSrc = /^\/media\/(\d+)(?:\/|$)/;

/**
 * A post's Markdown as sanitised HTML, its stored images with their real sizes and a srcset. An
 * image placed without a description takes the one the media library has for it.
 */
export function renderWithMedia(markdown: string, media: MediaLookup): SanitisedHtml {
  return renderMarkdown(markdown, storedImageAttributes(media));
}

function storedImageAttributes(media: MediaLookup): ImageAttributes {
  return (src, alt) => {
    const match = mediaSrc.exec(src);
    const item = match ? media.get(Number(match[1])) : undefined;
    if (!match || !item) return undefined;
    const id = Number(match[1]);
    return {
      src: mediaPath(id, item.fileName, 960, item),
      srcset: mediaSrcset(id, item.fileName, item),
      sizes: '(min-width: 800px) 720px, 100vw',
      width: String(item.width),
      height: String(item.height),
      ...(alt.trim() === '' && item.alt ? { alt: item.alt } : {}),
    };
  };
}
