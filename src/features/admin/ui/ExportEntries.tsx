import { useState } from 'react';
import { entryMessages as m } from '../../forms/entry-review.ts';

type Props = {
  /** The streamed CSV's address: a plain download before and without the script. */
  href: string;
  fileName: string;
};

type Progress =
  | { state: 'idle' }
  | { state: 'running' | 'done'; rows: number; total?: number | undefined }
  | { state: 'failed' };

/** The header in which the server tells how many entries the file has. */
const countHeader = 'X-Entry-Count';

/**
 * Counts the CSV records in a stream's chunks: a line end outside quotes ends a record (a cell
 * with a line break is quoted, and a quote inside one is doubled, which toggles twice).
 */
function recordCounter() {
  let quoted = false;
  let records = 0;
  return (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted) records++;
    }
    return records;
  };
}

/**
 * The entries' CSV download with a progress bar: reads the streamed file, counting its rows
 * against the number the server announces, then saves it. Without the script it is a plain link.
 */
export default function ExportEntries({ href, fileName }: Props) {
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  const download = async () => {
    setProgress({ state: 'running', rows: 0 });
    try {
      const response = await fetch(href, { credentials: 'same-origin' });
      if (!response.ok || !response.body) throw new Error(String(response.status));
      const announced = Number(response.headers.get(countHeader) ?? Number.NaN);
      const total = Number.isSafeInteger(announced) ? announced : undefined;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const count = recordCounter();
      const parts: BlobPart[] = [];
      let rows = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        // The header is the first record.
        rows = Math.max(0, count(decoder.decode(value, { stream: true })) - 1);
        setProgress({ state: 'running', rows, total });
      }
      const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setProgress({ state: 'done', rows });
    } catch {
      setProgress({ state: 'failed' });
    }
  };
  const running = progress.state === 'running';
  return (
    <div className="admin-export">
      <a
        className="admin-button"
        href={href}
        download={fileName}
        aria-disabled={running || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (!running) void download();
        }}
      >
        {m.export}
      </a>
      {running &&
        (progress.total === undefined ? (
          <progress className="admin-export__bar" aria-label={m.exportLabel} />
        ) : (
          <progress
            className="admin-export__bar"
            max={Math.max(progress.total, 1)}
            value={Math.min(progress.rows, progress.total)}
            aria-label={m.exportLabel}
          />
        ))}
      <span role="status" className="admin-export__status">
        {progress.state === 'running'
          ? m.exportProgress(progress.rows, progress.total)
          : progress.state === 'done'
            ? m.exportDone(progress.rows)
            : progress.state === 'failed'
              ? m.exportFailed
              : ''}
      </span>
    </div>
  );
}
