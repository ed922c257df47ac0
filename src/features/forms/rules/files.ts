import { fill } from '../../../platform/fill-message.ts';
import { moreMessages } from '../more-messages.ts';

/** What the rules know of a chosen or received file. */
export type FileFacts = { name: string; size: number };

const bytesPerMb = 1024 * 1024;

/** Megabytes to 3 decimals, as the upload limit's message shows them (seed §5). */
export const megabytes = (bytes: number) => (bytes / bytesPerMb).toFixed(3);

export const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The errors of one file field's files: type, size of each, and how many. */
export function fileErrors(
  files: readonly FileFacts[],
  rules: { extensions?: readonly string[]; maxSizeMb?: number | undefined; maxFiles: number },
): string | undefined {
  if (files.length > rules.maxFiles) return fill(moreMessages.fileCount, { max: rules.maxFiles });
  for (const file of files) {
    if (rules.extensions && !rules.extensions.includes(extensionOf(file.name))) {
      return fill(moreMessages.fileType, {
        name: file.name,
        extensions: rules.extensions.join(', '),
      });
    }
    if (rules.maxSizeMb !== undefined && file.size > rules.maxSizeMb * bytesPerMb) {
      return fill(moreMessages.fileSize, { name: file.name, maxSize: rules.maxSizeMb });
    }
  }
  return undefined;
}

/**
 * The combined size of every file chosen in a form against the site's upload limit (seed §4,
 * §5): each file counts, one already over its own limit too. Over it, the message says both
 * sizes in MB to 3 decimals, and the submit button is disabled.
 */
export function uploadTotalError(sizes: readonly number[], limitMb: number): string | undefined {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= limitMb * bytesPerMb) return undefined;
  return fill(moreMessages.uploadTotal, {
    totalSize: megabytes(total),
    maxSize: megabytes(limitMb * bytesPerMb),
  });
}

/** What a camera field takes: a photo. */
export const imageExtensions: readonly string[] = ['jpg', 'jpeg', 'png', 'webp', 'heic'];
