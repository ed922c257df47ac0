import { importMessages as m } from '../messages.ts';
import type { ImportOptions } from './import-runs.ts';
import { localMediaSource } from './local-media.ts';
import type { MediaSource } from './media-source.ts';
import { remoteMediaSource } from './remote-media.ts';

/**
 * The media source an import's options name (decision 0064): a local uploads folder
 * (`mediaDir`), or the old site (`mediaFrom`), fetched only from the export's own hosts and the
 * one the owner named; none when neither is given (the report then says so). A folder that
 * cannot be read or an address that is none throws, with a message for the owner, before
 * anything is imported.
 */
export function mediaSourceFor(
  options: ImportOptions,
  exportHosts: readonly string[],
): MediaSource | undefined {
  if (options.mediaDir !== undefined) return localMediaSource(options.mediaDir);
  if (options.mediaFrom === undefined) return undefined;
  const from = oldSiteAddress(options.mediaFrom);
  const remote = remoteMediaSource({ allowedHosts: [...exportHosts, from.host] });
  return {
    // The files are asked for where the owner said the old site is now, at the same paths.
    get: (wanted) => {
      if (!URL.canParse(wanted.url)) return remote.get(wanted);
      const url = new URL(wanted.url);
      if (!exportHosts.includes(url.host)) return remote.get(wanted);
      return remote.get({ ...wanted, url: `${from.origin}${url.pathname}${url.search}` });
    },
  };
}

function oldSiteAddress(address: string): URL {
  const url = URL.canParse(address) ? new URL(address) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(m.mediaFromNotAnAddress(address));
  }
  return url;
}
