import type { ReactNode } from 'react';
import {
  type ImportReportView,
  type ImportRunView,
  importKindName,
  importOptionTexts,
  importSourceName,
  isUnderway,
} from '../../import/import-run-view.ts';
import { importScreenMessages as m } from '../../import/import-screen-messages.ts';

type Props = {
  run: ImportRunView;
  report: ImportReportView;
  csrf: string;
  timeZone: string;
  notice: { kind: 'done' | 'error'; message: string } | undefined;
  /** The run's state (an island that follows it while it waits or runs). */
  children: ReactNode;
};

const figure = new Intl.NumberFormat('en');
const countKeys = ['imported', 'updated', 'skipped', 'failed'] as const;

function RunButton({
  csrf,
  action,
  label,
  primary,
}: {
  csrf: string;
  action: 'again' | 'delete-file';
  label: string;
  primary?: boolean;
}) {
  return (
    <form method="post" className="admin-site-import__action">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="action" value={action} />
      <button
        type="submit"
        className={primary ? 'admin-button admin-button--primary' : 'admin-button'}
      >
        {label}
      </button>
    </form>
  );
}

/** The report of a run (so far, while it runs): counts per kind, problems, shortcodes, notes. */
function Report({ run, report }: { run: ImportRunView; report: ImportReportView }) {
  return (
    <>
      {report.counts.length === 0 ? (
        <p>{m.nothingCounted}</p>
      ) : (
        <div className="admin-table-wrap admin-site-import__counts">
          <table className="admin-table">
            <caption className="visually-hidden">{m.reportTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{m.kindColumn}</th>
                {countKeys.map((key) => (
                  <th scope="col" key={key} className="admin-table__number">
                    {m.countColumns[key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.counts.map(([kind, count]) => (
                <tr key={kind}>
                  <th scope="row">{importKindName(kind)}</th>
                  {countKeys.map((key) => (
                    <td
                      key={key}
                      className={
                        key === 'failed' && count.failed > 0
                          ? 'admin-table__number admin-warning'
                          : 'admin-table__number'
                      }
                    >
                      {figure.format(count[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.comments > 0 && <p>{m.comments(report.comments)}</p>}
      <h3 className="admin-site-import__subheading">{m.problemsTitle}</h3>
      {report.problemCount === 0 ? (
        <p>{m.noProblems}</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--stacked admin-site-import__problems">
              <thead>
                <tr>
                  <th scope="col">{m.problemColumns.item}</th>
                  <th scope="col">{m.problemColumns.kind}</th>
                  <th scope="col">{m.problemColumns.reason}</th>
                </tr>
              </thead>
              <tbody>
                {report.problems.map((problem) => (
                  <tr key={problem.place}>
                    <th scope="row">{problem.title || problem.sourceId}</th>
                    <td data-label={m.problemColumns.kind}>{importKindName(problem.kind)}</td>
                    <td data-label={m.problemColumns.reason}>{problem.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.problemCount > report.problems.length && (
            <p className="admin-hint">
              {m.moreProblems(report.problems.length, report.problemCount)}
            </p>
          )}
        </>
      )}
      {report.unknownShortcodes.length > 0 && (
        <>
          <h3 className="admin-site-import__subheading">{m.shortcodesTitle}</h3>
          <p className="admin-hint">{m.shortcodesIntro}</p>
          <ul className="admin-site-import__shortcodes">
            {report.unknownShortcodes.map((shortcode) => (
              <li key={shortcode.name}>
                <strong>{m.shortcodeUses(shortcode.name, shortcode.count)}</strong>
                {shortcode.posts.length > 0 && (
                  <>
                    {' '}
                    {m.shortcodePosts} {shortcode.posts.join(', ')}
                    {shortcode.morePosts > 0 && <> {m.morePosts(shortcode.morePosts)}</>}
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.notes.length > 0 && (
        <>
          <h3 className="admin-site-import__subheading">{m.notesTitle}</h3>
          <ul>
            {[...new Set(report.notes)].map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={`/admin/import/${run.id}/report.json`} download>
          {m.downloadReport}
        </a>
      </p>
    </>
  );
}

/**
 * `/admin/import/{id}`: where one import is (its state follows it without a reload), what it was
 * asked to do, and its report; a finished dry run can be run for real, and a finished run's
 * uploaded file deleted (the record stays).
 */
export function ImportRunPage({ run, report, csrf, timeZone, notice, children }: Props) {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const finished = !isUnderway(run);
  return (
    <>
      {notice?.kind === 'done' && (
        <div role="status" className="admin-notice">
          {notice.message}
        </div>
      )}
      {notice?.kind === 'error' && (
        <p className="admin-field-error" role="alert">
          {notice.message}
        </p>
      )}
      <section
        className="admin-card admin-site-import__card"
        aria-labelledby="import-state-heading"
      >
        <h2 id="import-state-heading" className="visually-hidden">
          {m.runColumns.status}
        </h2>
        {children}
        <dl className="admin-site-import__facts">
          <div>
            <dt>{m.runColumns.kind}</dt>
            <dd>{importSourceName(run.source)}</dd>
          </div>
          <div>
            <dt>{m.runColumns.started}</dt>
            <dd>
              <time dateTime={new Date(run.createdAt).toISOString()}>
                {when.format(run.createdAt)}
              </time>
            </dd>
          </div>
          <div>
            <dt>{m.options}</dt>
            <dd>{importOptionTexts(run).join(' · ')}</dd>
          </div>
        </dl>
      </section>
      <section className="admin-site-import__report" aria-labelledby="import-report-heading">
        <h2 id="import-report-heading">{m.reportTitle}</h2>
        {!finished && <p>{m.reportWhenDone}</p>}
        {finished && report.dryRun && (
          <div className="admin-notice admin-site-import__dry-run">
            <p>{m.dryRunBanner}</p>
            {run.status === 'done' && run.fileKept && (
              <RunButton csrf={csrf} action="again" label={m.runForReal} primary />
            )}
          </div>
        )}
        {finished && <Report run={run} report={report} />}
        {finished && run.fileKept && (
          <div className="admin-site-import__file">
            <RunButton csrf={csrf} action="delete-file" label={m.deleteFile} />
            <p className="admin-hint">{m.deleteFileHint}</p>
          </div>
        )}
      </section>
    </>
  );
}
