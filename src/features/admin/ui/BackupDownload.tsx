import { useState } from 'react';
import { backupMessages as m } from '../backup-messages.ts';
import { entryTable, followTar } from './tar-progress.ts';

type Props = {
  /** The streamed backup's address: a plain download before and without the script. */
  href: string;
};

type Progress =
  | { state: 'idle' }
  | {
      state: 'running';
      received: number;
      about?: number | undefined;
      table?: string | undefined;
      index: number;
      count: number;
    }
  | { state: 'done'; bytes: number }
  | { state: 'large'; about: number }
  | { state: 'failed' };

/**
 * Above this a backup is left to the browser's own download: the page would hold it whole in
 * memory before saving it (decision 0057).
 */
const largestInPage = 1024 * 1024 * 1024;

/** The file's name from the server's Content-Disposition, or one of the same shape. */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'quire-backup.tar';
}

/**
 * "Download a backup" with its progress: reads the streamed archive, following its entries to
 * say which table is being written and how much has arrived of the size the manifest expects,
 * then saves it. Without the script it is a plain link.
 */
export default function BackupDownload({ href }: Props) {
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  const download = async () => {
    setProgress({ state: 'running', received: 0, index: 0, count: 0 });
    try {
      const response = await fetch(href, { credentials: 'same-origin' });
      if (!response.ok || !response.body) throw new Error(String(response.status));
      const reader = response.body.getReader();
      const follower = followTar();
      const parts: BlobPart[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        follower.push(value);
        received += value.byteLength;
        const outline = follower.outline();
        if (outline && outline.estimatedBytes > largestInPage) {
          await reader.cancel();
          setProgress({ state: 'large', about: outline.estimatedBytes });
          window.location.assign(href);
          return;
        }
        parts.push(value);
        const table = entryTable(follower.current());
        const names = outline?.tables.map((t) => t.name) ?? [];
        setProgress({
          state: 'running',
          received,
          about: outline?.estimatedBytes,
          table,
          index: table ? names.indexOf(table) + 1 : 0,
          count: names.length,
        });
      }
      if (follower.current() !== 'checksums.json') throw new Error('cut short');
      const url = URL.createObjectURL(new Blob(parts, { type: 'application/x-tar' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setProgress({ state: 'done', bytes: received });
    } catch {
      setProgress({ state: 'failed' });
    }
  };
  const running = progress.state === 'running';
  let status = '';
  if (progress.state === 'running') {
    const what =
      progress.table === 'files'
        ? m.writingFiles
        : progress.table && progress.index > 0
          ? m.writing(progress.table, progress.index, progress.count)
          : undefined;
    status =
      progress.received === 0
        ? m.preparing
        : [m.received(progress.received, progress.about), what].filter(Boolean).join(' · ');
  } else if (progress.state === 'done') status = m.downloaded(progress.bytes);
  else if (progress.state === 'large') status = m.largeBackup(progress.about);
  else if (progress.state === 'failed') status = m.downloadFailed;
  return (
    <div className="admin-export admin-backup-download">
      <a
        className="admin-button admin-button--primary"
        href={href}
        download
        aria-disabled={running || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (!running) void download();
        }}
      >
        {m.download}
      </a>
      {running &&
        (progress.about === undefined ? (
          <progress className="admin-export__bar" aria-label={m.downloadLabel} />
        ) : (
          <progress
            className="admin-export__bar"
            max={Math.max(progress.about, 1)}
            // Never full before the end: the expected size is an estimate.
            value={Math.min(progress.received, progress.about * 0.99)}
            aria-label={m.downloadLabel}
          />
        ))}
      <span role="status" className="admin-export__status">
        {status}
      </span>
    </div>
  );
}
