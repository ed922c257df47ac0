import {
  type ImportedLine,
  type RedirectImportPlan,
  readablePath,
  redirectImportMaxBytes,
} from '../../content/redirect-admin.ts';
import { redirectScreenMessages as m } from '../address-screen-messages.ts';
import { ScreenNotice } from './RedirectsPage.tsx';

type Props = {
  csrf: string;
  /** What the file checked would do, and its text, which the confirmation sends back. */
  planned?: { plan: RedirectImportPlan; csv: string } | undefined;
  notice?: { kind: 'done' | 'error'; message: string } | undefined;
};

function PlanTable({
  caption,
  lines,
  was,
}: {
  caption: string;
  lines: Array<ImportedLine & { was?: string }>;
  was?: boolean;
}) {
  const c = m.planColumns;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--stacked admin-redirects">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{c.line}</th>
            <th scope="col">{c.from}</th>
            <th scope="col">{c.to}</th>
            {was && <th scope="col">{c.was}</th>}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.line}>
              <th scope="row">{line.line}</th>
              <td data-label={c.from} className="admin-redirects__path">
                {readablePath(line.from)}
              </td>
              <td data-label={c.to} className="admin-redirects__path">
                {readablePath(line.to)}
              </td>
              {was && (
                <td data-label={c.was} className="admin-redirects__path">
                  {readablePath(line.was ?? '')}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * `/admin/redirects/import`: a CSV file of redirects, checked first: the plan says how many
 * are new, replace one kept, or are refused (each refused line with its text and why), and the
 * import is done only when the owner confirms it. Plain forms: no script needed.
 */
export function RedirectImportPage({ csrf, planned, notice }: Props) {
  const plan = planned?.plan;
  const changes = plan ? plan.added.length + plan.replaced.length : 0;
  return (
    <>
      <ScreenNotice notice={notice} />
      {plan && planned && (
        <section className="admin-card admin-import-plan" aria-labelledby="import-plan-heading">
          <h2 id="import-plan-heading">{m.planHeading}</h2>
          <p>
            {m.planSummary(
              plan.added.length,
              plan.replaced.length,
              plan.refused.length,
              plan.unchanged.length,
            )}
          </p>
          {plan.fileError && (
            <p className="admin-field-error" role="alert">
              {plan.fileError}
            </p>
          )}
          {plan.refused.length > 0 && (
            <div className="admin-table-wrap">
              <table className="admin-table admin-table--stacked admin-redirects">
                <caption>{m.planRefused}</caption>
                <thead>
                  <tr>
                    <th scope="col">{m.planColumns.line}</th>
                    <th scope="col">{m.planColumns.written}</th>
                    <th scope="col">{m.planColumns.why}</th>
                  </tr>
                </thead>
                <tbody>
                  {plan.refused.map((line) => (
                    <tr key={line.line}>
                      <th scope="row">{line.line}</th>
                      <td data-label={m.planColumns.written} className="admin-redirects__path">
                        <code>{line.text}</code>
                      </td>
                      <td data-label={m.planColumns.why}>{line.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {plan.added.length > 0 && <PlanTable caption={m.planAdded} lines={plan.added} />}
          {plan.replaced.length > 0 && (
            <PlanTable caption={m.planReplaced} lines={plan.replaced} was />
          )}
          {changes === 0 ? (
            <p>{m.planNothing}</p>
          ) : (
            <form
              method="post"
              action="/admin/redirects/import"
              encType="multipart/form-data"
              className="admin-form"
            >
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="action" value="apply" />
              <input type="hidden" name="plan" value={plan.key} />
              <input type="hidden" name="csv" value={planned.csv} />
              {plan.refused.length > 0 && <p className="admin-hint">{m.applyHint}</p>}
              <div className="admin-form__actions">
                <button type="submit" className="admin-button admin-button--primary">
                  {m.apply(changes)}
                </button>
                <a className="admin-button" href="/admin/redirects">
                  {m.cancel}
                </a>
              </div>
            </form>
          )}
        </section>
      )}
      <form
        method="post"
        action="/admin/redirects/import"
        encType="multipart/form-data"
        className="admin-form admin-import"
        aria-labelledby={plan ? 'import-file-heading' : undefined}
      >
        {plan && <h2 id="import-file-heading">{m.otherFile}</h2>}
        <p className="admin-hint">{m.importIntro}</p>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="action" value="plan" />
        <label htmlFor="import-file">{m.fileLabel}</label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,text/csv,text/plain"
          required
          aria-describedby="import-file-hint"
        />
        <p id="import-file-hint" className="admin-hint">
          {m.fileHint(redirectImportMaxBytes)}
        </p>
        <div className="admin-form__actions">
          <button
            type="submit"
            className={plan ? 'admin-button' : 'admin-button admin-button--primary'}
          >
            {m.planButton}
          </button>
          {!plan && (
            <a className="admin-button" href="/admin/redirects">
              {m.cancel}
            </a>
          )}
        </div>
      </form>
    </>
  );
}
