import type { ReactNode } from 'react';
import {
  type ImportRunView,
  importSourceName,
  importStateText,
} from '../../import/import-run-view.ts';
import { importScreenMessages as m } from '../../import/import-screen-messages.ts';

type Props = {
  runs: ImportRunView[];
  timeZone: string;
  notice: { kind: 'done' | 'error'; message: string } | undefined;
  /** The form (an island): what to import, its options and the file. */
  children: ReactNode;
};

/** `/admin/import`: the form for a new import, then the imports made, newest first. */
export function ImportPage({ runs, timeZone, notice, children }: Props) {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  return (
    <>
      {notice?.kind === 'done' && (
        <div role="status" className="admin-notice">
          {notice.message}
        </div>
      )}
      <p className="admin-lead">{m.intro}</p>
      <section className="admin-card admin-site-import__card" aria-labelledby="import-new-heading">
        <h2 id="import-new-heading">{m.newImport}</h2>
        {children}
      </section>
      <section className="admin-site-import__runs" aria-labelledby="import-runs-heading">
        <h2 id="import-runs-heading">{m.runsTitle}</h2>
        {runs.length === 0 ? (
          <p>{m.noRuns}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--stacked">
              <thead>
                <tr>
                  <th scope="col">{m.runColumns.file}</th>
                  <th scope="col">{m.runColumns.kind}</th>
                  <th scope="col">{m.runColumns.started}</th>
                  <th scope="col">{m.runColumns.status}</th>
                </tr>
              </thead>
              <tbody>
                {runs.map((run) => (
                  <tr key={run.id}>
                    <th scope="row">
                      <a href={`/admin/import/${run.id}`}>{run.fileName}</a>
                    </th>
                    <td data-label={m.runColumns.kind}>
                      {importSourceName(run.source)}
                      {run.options.dryRun && (
                        <span className="admin-site-import__tag">{m.dryRunTag}</span>
                      )}
                    </td>
                    <td data-label={m.runColumns.started}>
                      <time dateTime={new Date(run.createdAt).toISOString()}>
                        {when.format(run.createdAt)}
                      </time>
                    </td>
                    <td data-label={m.runColumns.status}>{importStateText(run)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
