import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { embedCode } from '../../forms/embed.ts';
import { fieldIdMark } from '../../forms/field-ids.ts';
import { formPaymentProblem } from '../../forms/form-checkout.ts';
import type { FormDefinition } from '../../forms/form-definition.ts';
import type { CurrencyFormat } from '../../payments/currency.ts';
import type { SitePayments } from '../../payments/providers.ts';
import {
  addField,
  fieldKindLabel,
  fieldKinds,
  fieldPanel,
  moveItem,
  type Problem,
  problemsFromLines,
  readDefinition,
  settingsPanel,
} from '../form-builder.ts';
import { builderMessages as m } from '../form-builder-messages.ts';
import { callAdmin } from './admin-call.ts';
import { FieldList, fieldName } from './BuilderFieldList.tsx';
import { Entries } from './BuilderPanel.tsx';
import { Preview } from './BuilderPreview.tsx';
import { ProblemList } from './BuilderProblems.tsx';
import { type Path, pathKey, setAt, type Value } from './builder-paths.ts';
import { TextField } from './TextField.tsx';

type Props = {
  csrf: string;
  /** The form's id; null for a form not saved yet. */
  id: number | null;
  definition: FormDefinition;
  /** What the site offers payment forms: its provider, and whether Stripe has its keys. */
  payments: SitePayments;
  /** The site's currency: prices are typed and shown in its main unit. */
  currency: CurrencyFormat;
  /** The revision opened (null for a new form): sent back with the save. */
  revision: number | null;
};

type Tab = 'build' | 'preview' | 'json';
const tabs: readonly Tab[] = ['build', 'preview', 'json'];
const tabNames: Record<Tab, string> = { build: m.build, preview: m.preview, json: m.json };

/**
 * The form builder (issue 16, point 1): a palette of every field type of the schema, the fields
 * by page (moved by drag and drop, by the arrow keys on a handle, or by buttons), a side panel
 * generated from the schema, the form's settings, a live preview that is the real form island,
 * and the definition as JSON with its problems at their paths. Nothing is stored until Save,
 * and nothing typed is lost when the server refuses.
 */
export default function FormBuilder({
  csrf,
  id: initialId,
  definition: initial,
  payments,
  currency,
  revision: initialRevision,
}: Props) {
  const [definition, setDefinition] = useState<FormDefinition>(initial);
  const [id, setId] = useState(initialId);
  /** What this builder's form was made from; a newer one saved elsewhere is a conflict. */
  const [revision, setRevision] = useState(initialRevision);
  const [conflict, setConflict] = useState<{ message: string; revision: number } | undefined>();
  const conflictBox = useRef<HTMLDivElement>(null);
  const leaving = useRef(false);
  useEffect(() => {
    if (conflict) conflictBox.current?.focus();
  }, [conflict]);
  const [tab, setTab] = useState<Tab>('build');
  const [selected, setSelected] = useState<number | 'settings'>('settings');
  const [announcement, setAnnouncement] = useState('');
  const [status, setStatus] = useState<{ kind: 'done' | 'error'; text: string }>();
  const [serverProblems, setServerProblems] = useState<Problem[]>([]);
  const [saving, setSaving] = useState(false);
  const [jsonText, setJsonText] = useState('');
  const [jsonProblems, setJsonProblems] = useState<Problem[]>([]);
  const [jsonMessage, setJsonMessage] = useState('');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({
    build: null,
    preview: null,
    json: null,
  });

  // Leaving with changes not saved asks first (the browser's own question): nothing is lost.
  const [savedDefinition, setSavedDefinition] = useState(initial);
  const dirty = definition !== savedDefinition;
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (!leaving.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const problems = useMemo(() => {
    const read = readDefinition(definition);
    return read.ok ? [] : read.problems;
  }, [definition]);
  const problemAt = (path: Path) =>
    problems.find((p) => p.path === pathKey(path))?.message ??
    serverProblems.find((p) => p.path === pathKey(path))?.message;

  const change = (path: Path, value: Value) => {
    setDefinition((current) => setAt(current, path, value) as FormDefinition);
    setServerProblems([]);
  };

  const fields = definition.fields;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= fields.length || from === to) return;
    const field = fields[from];
    if (!field) return;
    change(['fields'], moveItem(fields, from, to));
    setAnnouncement(m.moved(fieldName(field), to + 1, fields.length));
  };
  const add = (type: string) => {
    const added = addField(definition, type);
    const { field } = added;
    change([], added.definition);
    setSelected(field.id);
    setAnnouncement(m.added(fieldName(field)));
  };
  const remove = (index: number) => {
    const field = fields[index];
    if (!field) return;
    change(
      ['fields'],
      fields.filter((_, i) => i !== index),
    );
    if (selected === field.id) setSelected('settings');
    setAnnouncement(m.removed(fieldName(field)));
  };

  const openTab = (next: Tab) => {
    if (next === 'json') {
      setJsonText(JSON.stringify(definition, null, 2));
      setJsonProblems([]);
      setJsonMessage('');
    }
    setTab(next);
  };
  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length] as Tab;
    openTab(next);
    tabRefs.current[next]?.focus();
  };

  /** Applies the JSON tab's text; answers whether it was a valid definition. */
  const applyJson = (): boolean => {
    let json: unknown;
    try {
      json = JSON.parse(jsonText);
    } catch (error) {
      setJsonProblems([{ path: '(json)', message: m.jsonNotJson((error as Error).message) }]);
      setJsonMessage('');
      return false;
    }
    const read = readDefinition(json);
    if (!read.ok) {
      setJsonProblems(read.problems);
      setJsonMessage('');
      return false;
    }
    setJsonProblems([]);
    // The text may leave out or lower `lastFieldId`; ids the form has given stay given.
    const lastFieldId = Math.max(fieldIdMark(definition), fieldIdMark(read.definition));
    setDefinition({ ...read.definition, lastFieldId });
    setJsonMessage(m.jsonApplied);
    return true;
  };

  const reload = () => {
    leaving.current = true;
    window.location.reload();
  };

  const save = async (baseRevision = revision) => {
    let toSave: unknown = definition;
    if (tab === 'json') {
      if (!applyJson()) {
        setStatus({ kind: 'error', text: m.invalid });
        return;
      }
      toSave = JSON.parse(jsonText);
    }
    setSaving(true);
    const reply = await callAdmin(
      '/admin/api/forms/save',
      csrf,
      { id, definition: toSave, revision: baseRevision ?? undefined },
      m.failed,
    );
    setSaving(false);
    const newer = reply.conflict as { revision: number } | undefined;
    setConflict(newer && { message: reply.message, revision: newer.revision });
    if (newer) {
      setStatus(undefined);
      return;
    }
    if (reply.ok) {
      setRevision(reply.revision as number);
      setServerProblems([]);
      setDefinition(reply.definition as FormDefinition);
      setSavedDefinition(reply.definition as FormDefinition);
      const savedId = reply.id as number;
      if (id === null) window.history.replaceState(null, '', `/admin/forms/${savedId}`);
      setId(savedId);
      setStatus({ kind: 'done', text: reply.message });
      return;
    }
    const lines = Array.isArray(reply.problems) ? (reply.problems as string[]) : [];
    setServerProblems(problemsFromLines(lines));
    setStatus({ kind: 'error', text: reply.message });
  };

  const shownProblems = problems.length > 0 ? problems : serverProblems;
  // A payment form that cannot take its payments as set says so (no silent bank transfer).
  const paymentProblem = formPaymentProblem(definition, payments);
  const selectedIndex = fields.findIndex((f) => f.id === selected);
  const selectedField = fields[selectedIndex];

  return (
    <div className="admin-builder">
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
      <div className="admin-builder__bar">
        <TextField
          id="fb-title"
          label={m.formTitle}
          value={definition.title}
          onChange={(value) => change(['title'], value)}
          error={problemAt(['title'])}
          maxLength={200}
        />
        {id !== null && (
          <p className="admin-builder__embed">
            {m.embed}: <code>{embedCode(id)}</code>
          </p>
        )}
      </div>
      {paymentProblem && (
        <p className="admin-warning" id="fb-payment-problem">
          {paymentProblem}
        </p>
      )}
      <div role="tablist" aria-label={m.formSettings} className="admin-tabs__list">
        {tabs.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`fb-tab-${name}`}
            aria-controls={`fb-panel-${name}`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            className="admin-tabs__tab"
            onClick={() => openTab(name)}
            onKeyDown={onTabKey}
          >
            {tabNames[name]}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id="fb-panel-build"
        aria-labelledby="fb-tab-build"
        hidden={tab !== 'build'}
        className="admin-builder__build"
      >
        <section className="admin-builder__palette" aria-labelledby="fb-palette">
          <h2 id="fb-palette">{m.palette}</h2>
          <p className="admin-hint">{m.paletteHint}</p>
          <ul>
            {fieldKinds.map((kind) => (
              <li key={kind}>
                <button type="button" className="admin-button" onClick={() => add(kind)}>
                  {fieldKindLabel(kind)}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <FieldList
          fields={fields}
          firstPageTitle={definition.settings.firstPageTitle}
          selected={selected}
          onSelect={setSelected}
          onMove={move}
          onRemove={remove}
          problems={problems}
        />
        <section className="admin-builder__panel" aria-labelledby="fb-panel-heading">
          {selectedField ? (
            <>
              <h2 id="fb-panel-heading">
                {m.fieldSettings(fieldName(selectedField), fieldKindLabel(selectedField.type))}
              </h2>
              <Entries
                entries={fieldPanel(selectedField.type)}
                value={selectedField}
                path={['fields', selectedIndex]}
                context={{ definition, change, problemAt, selfId: selectedField.id, currency }}
              />
            </>
          ) : (
            <>
              <h2 id="fb-panel-heading">{m.formSettings}</h2>
              <TextField
                id="fb-description"
                label={m.formDescription}
                value={definition.description}
                onChange={(value) => change(['description'], value)}
                error={problemAt(['description'])}
                rows={3}
              />
              <Entries
                entries={settingsPanel}
                value={definition.settings}
                path={['settings']}
                context={{ definition, change, problemAt, selfId: undefined, currency }}
              />
            </>
          )}
        </section>
      </div>

      <div
        role="tabpanel"
        id="fb-panel-preview"
        aria-labelledby="fb-tab-preview"
        hidden={tab !== 'preview'}
      >
        {tab === 'preview' && <Preview csrf={csrf} definition={definition} />}
      </div>

      <div role="tabpanel" id="fb-panel-json" aria-labelledby="fb-tab-json" hidden={tab !== 'json'}>
        {tab === 'json' && (
          <div className="admin-builder__json">
            <TextField
              id="fb-json"
              label={m.jsonLabel}
              value={jsonText}
              onChange={setJsonText}
              rows={24}
              spellCheck={false}
              alsoDescribedBy={jsonProblems.length > 0 ? 'fb-json-problems' : undefined}
            />
            <div className="admin-form__actions">
              <button type="button" className="admin-button" onClick={() => applyJson()}>
                {m.jsonApply}
              </button>
              <span role="status">{jsonMessage}</span>
            </div>
            <ProblemList id="fb-json-problems" heading={m.jsonProblems} problems={jsonProblems} />
          </div>
        )}
      </div>

      {conflict && (
        <div className="admin-conflict" role="alert" tabIndex={-1} ref={conflictBox}>
          <p>{conflict.message}</p>
          <div className="admin-form__actions">
            <button type="button" className="admin-button" onClick={reload}>
              {m.reload}
            </button>
            <button
              type="button"
              className="admin-button admin-button--danger"
              onClick={() => void save(conflict.revision)}
            >
              {m.saveAnyway}
            </button>
          </div>
        </div>
      )}
      <div className="admin-builder__save">
        <button
          type="button"
          className="admin-button admin-button--primary"
          disabled={saving}
          onClick={() => void save()}
        >
          {saving ? m.saving : m.save}
        </button>
        <span
          role="status"
          className={`admin-save-message${status ? ` admin-save-message--${status.kind === 'done' ? 'success' : 'error'}` : ''}`}
        >
          {status?.text}
        </span>
        {status?.kind === 'error' && (
          <ProblemList
            id="fb-save-problems"
            heading={m.problemsHeading}
            problems={tab === 'json' ? jsonProblems : shownProblems}
          />
        )}
      </div>
    </div>
  );
}
