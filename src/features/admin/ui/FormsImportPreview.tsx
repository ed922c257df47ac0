import { builderMessages as m } from '../form-builder-messages.ts';

type PlanItem = {
  id: number | undefined;
  title: string;
  action: 'add' | 'replace' | 'restore';
  currentTitle?: string;
};

type Props = {
  csrf: string;
  plan: PlanItem[];
  /** The file, sent back with the confirmation. */
  archive: string;
  planKey: string;
};

/**
 * What a forms import would do, before it does anything (issue 28, point 8): the forms it adds,
 * those it replaces and the deleted ones it would bring back, each named; replacing and bringing
 * back need a tick of their own. A plain form: it works without the admin's script.
 */
export function FormsImportPreview({ csrf, plan, archive, planKey }: Props) {
  const of = (action: PlanItem['action']) => plan.filter((item) => item.action === action);
  const adds = of('add');
  const replaces = of('replace');
  const restores = of('restore');
  const changed = (item: PlanItem) =>
    m.importReplaceItem(item.id ?? 0, item.currentTitle ?? item.title, item.title);
  return (
    <section className="admin-card admin-import-preview" aria-labelledby="import-preview-heading">
      <h2 id="import-preview-heading">{m.importPreviewHeading}</h2>
      <p>{m.importPreviewIntro(plan.length)}</p>
      {adds.length > 0 && (
        <>
          <h3>{m.importAdds}</h3>
          <ul>
            {adds.map((item) => (
              <li key={`add-${item.id ?? item.title}`}>{m.importAddItem(item.title, item.id)}</li>
            ))}
          </ul>
        </>
      )}
      {replaces.length > 0 && (
        <>
          <h3>{m.importReplaces}</h3>
          <ul>
            {replaces.map((item) => (
              <li key={`replace-${item.id}`}>{changed(item)}</li>
            ))}
          </ul>
        </>
      )}
      {restores.length > 0 && (
        <>
          <h3>{m.importRestores}</h3>
          <ul>
            {restores.map((item) => (
              <li key={`restore-${item.id}`}>{changed(item)}</li>
            ))}
          </ul>
        </>
      )}
      <form
        method="post"
        action="/admin/forms"
        encType="multipart/form-data"
        className="admin-form"
      >
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="action" value="import-confirm" />
        <input type="hidden" name="archive" value={archive} />
        <input type="hidden" name="plan" value={planKey} />
        {replaces.length > 0 && (
          <div className="admin-check">
            <input id="import-replace" type="checkbox" name="replace" value="yes" />
            <label htmlFor="import-replace">{m.importConsentReplace(replaces.length)}</label>
          </div>
        )}
        {restores.length > 0 && (
          <div className="admin-check">
            <input id="import-restore" type="checkbox" name="restore" value="yes" />
            <label htmlFor="import-restore">{m.importConsentRestore(restores.length)}</label>
          </div>
        )}
        {replaces.length + restores.length > 0 && (
          <p className="admin-hint">{m.importConsentHint}</p>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary">
            {m.importConfirm}
          </button>
          <a className="admin-button" href="/admin/forms">
            {m.cancel}
          </a>
        </div>
      </form>
    </section>
  );
}
