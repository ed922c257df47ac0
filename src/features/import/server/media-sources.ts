import { importMessages as m } from '../messages.ts';
import type { ImportOptions } from './import-runs.ts';
import type { MediaSource } from './media-source.ts';

/**
 * The media source an import's options name: a local uploads folder (`mediaDir`) or the old site
 * (`mediaFrom`); none when neither is given (the report then says so).
 */
export function mediaSourceFor(options: ImportOptions): MediaSource | undefined {
  if (options.mediaDir === undefined && options.mediaFrom === undefined) return undefined;
  throw new Error(m.mediaSourceUnavailable);
}
