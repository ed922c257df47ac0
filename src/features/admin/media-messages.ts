import type { ImageUse, LibraryShow } from './media-library.ts';

const figure = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

const plural = (count: number, one: string, many: string) =>
  `${figure.format(count)} ${count === 1 ? one : many}`;

/** What the media library says: the library's screen and an image's own. */
export const mediaMessages = {
  title: 'Media library',
  intro:
    'Every image of the site: add them here or from a post’s editor, describe them for people who cannot see them, and see where each is used before you delete it.',
  // Adding images.
  add: 'Add images',
  dropHere: 'or drop them here',
  addHint: (megabytes: number) =>
    `JPEG, PNG, WebP or GIF, up to ${megabytes} MB each; several at once. Images added here stay until you delete them, used or not.`,
  uploads: 'Uploads',
  waiting: 'Waiting',
  uploadingPercent: (percent: number) => `Uploading, ${percent}%`,
  storing: 'Storing...',
  added: 'Added.',
  describeIt: (name: string) => `Describe ${name}`,
  notAnImage: 'Only JPEG, PNG, WebP and GIF images can be added.',
  tooLarge: (megabytes: number) => `Images are limited to ${megabytes} MB.`,
  uploadFailed: 'It could not be uploaded: check the connection and try again.',
  uploadsDone: (added: number, failed: number) =>
    failed === 0
      ? `${plural(added, 'image', 'images')} added.`
      : `${plural(added, 'image', 'images')} added, ${figure.format(failed)} could not be: see the list.`,
  clearUploads: 'Clear the list',
  // Finding images.
  search: 'File name or description contains',
  show: 'Show',
  shows: {
    all: 'All images',
    unused: 'Not used anywhere',
    'no-alt': 'Without a description',
  } satisfies Record<LibraryShow, string>,
  filter: 'Filter',
  showAll: 'Show all',
  views: 'View',
  grid: 'Grid',
  list: 'List',
  count: (total: number, filtered: boolean, page: number, pageCount: number) => {
    if (total === 0) {
      return filtered
        ? 'No image matches this filter.'
        : 'No images yet. Add some here, or from the editor of a post.';
    }
    return `${plural(total, 'image', 'images')}${filtered ? ' match' : ''}${pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}.`;
  },
  caption: 'Images',
  columns: {
    image: 'Image',
    file: 'File',
    description: 'Description',
    size: 'Size',
    usedIn: 'Used in',
    uploaded: 'Uploaded',
  },
  noDescription: 'No description',
  notUsed: 'Not used',
  usedPlaces: (count: number) => (count === 0 ? 'Nowhere' : plural(count, 'place', 'places')),
  removedOn: (when: string) => `Removed ${when} unless a post uses it`,
  paging: 'Pages of the library',
  newer: 'Newer',
  older: 'Older',
  pageOf: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  // Sizes.
  dimensions: (width: number, height: number) => `${width} × ${height} pixels`,
  fileSize: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${figure.format(bytes / 1024 / 1024)} MB`
      : bytes >= 1024
        ? `${figure.format(bytes / 1024)} KB`
        : plural(bytes, 'byte', 'bytes'),
  types: {
    'image/jpeg': 'JPEG',
    'image/png': 'PNG',
    'image/webp': 'WebP',
    'image/gif': 'GIF',
  } as Record<string, string>,
  // One image.
  details: 'Details',
  fileName: 'File name',
  type: 'Type',
  size: 'Dimensions',
  bytes: 'File size',
  uploaded: 'Uploaded',
  uploadedBy: (when: string, who: string | null) => (who ? `${when} by ${who}` : when),
  alt: 'Description (alternative text)',
  altHint:
    'Read out to people who cannot see the image, and shown where it cannot load. Leave it empty if the image only decorates. Where a post placed the image without words of its own, it shows these.',
  altMissing: 'No description yet: people who cannot see the image learn nothing from it.',
  altTooLong: 'Use at most 300 characters.',
  saveAlt: 'Save the description',
  altSaved: 'The description is saved. The site shows it now.',
  altUnchanged: 'The description was already this.',
  address: 'Address',
  addressHint:
    'The image as large as the site serves it (up to 1920 pixels wide). In posts it is resized to fit each screen.',
  copyAddress: 'Copy the address',
  markdown: 'Markdown for a post',
  copyMarkdown: 'Copy the Markdown',
  copied: 'Copied.',
  copySelected: 'Selected: press Ctrl+C (or ⌘C) to copy.',
  usedIn: 'Used in',
  usedNowhere: 'Not used by any post, page, form or setting.',
  use: (use: ImageUse) => {
    if (use.kind === 'setting') return `Settings: ${use.label}`;
    if (use.kind === 'form') return `Form: ${use.title}`;
    const where =
      use.inText && use.asCover
        ? 'in the text and as the cover'
        : use.asCover
          ? 'as the cover'
          : 'in the text';
    return `${use.kind === 'post' ? 'Post' : 'Page'}: ${use.title || '(untitled)'}, ${where}`;
  },
  waitsForUse: (when: string) =>
    `Added in a post’s editor and not used by any saved post yet: it is removed on ${when} unless one uses it by then.`,
  newerImage: 'Newer image',
  olderImage: 'Older image',
  back: 'Back to the library',
  browse: 'Browse the library',
  // Deleting.
  delete: 'Delete the image',
  confirmDelete: (name: string) => `Delete ${name} for good? This cannot be undone.`,
  confirmDeleteButton: 'Delete for good',
  keep: 'Keep it',
  inUse: (name: string, count: number) =>
    `${name} is used in ${plural(count, 'place', 'places')}, so it was not deleted: ${count === 1 ? 'that place' : 'those places'} would show a missing image.`,
  removeEverywhere: 'Take it out of them and delete it',
  removeEverywhereHint:
    'The image leaves the texts and covers of these posts and pages (each saved as a new revision), the forms lose it, and the settings are left without an image. This cannot be undone.',
  usesChanged: 'What uses the image changed since you were asked: see the list, and decide again.',
  deleted: (name: string) => `${name} was deleted.`,
  deletedEverywhere: (name: string, count: number) =>
    `${name} was taken out of ${plural(count, 'place', 'places')} and deleted.`,
  gone: 'There is no such image. It may have been deleted.',
} as const;
