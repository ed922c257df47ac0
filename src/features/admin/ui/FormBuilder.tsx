import {
  type ComponentType,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { embedCode } from '../../forms/embed.ts';
import type { FormDefinition, FormField } from '../../forms/form-definition.ts';
import { loadFormIsland } from '../../forms/form-preview.ts';
import {
  type Control,
  type Entry,
  fieldKindLabel,
  fieldKinds,
  fieldPanel,
  humanLabel,
  moveItem,
  newField,
  optionLabel,
  type Problem,
  problemsFromLines,
  readDefinition,
  settingsPanel,
  starterOf,
} from '../form-builder.ts';
import { builderMessages as m } from '../form-builder-messages.ts';
import { callAdmin } from './admin-call.ts';
import { TextField } from './TextField.tsx';

type Props = {
  csrf: string;
  /** The form's id; null for a form not saved yet. */
  id: number | null;
  definition: FormDefinition;
};

type Tab = 'build' | 'preview' | 'json';
const tabs: readonly Tab[] = ['build', 'preview', 'json'];
const tabNames: Record<Tab, string> = { build: m.build, preview: m.preview, json: m.json };

type Value = unknown;
type Path = ReadonlyArray<string | number>;
const pathKey = (path: Path) => path.join('.');
const inputId = (path: Path) => `fb-${path.join('-')}`;

/** A copy of `root` with `value` at `path` (undefined removes the key). */
function setAt(root: Value, path: Path, value: Value): Value {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const copy = { ...((root ?? {}) as Record<string, Value>) };
  const next = setAt(copy[head], rest, value);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

function getAt(root: Value, path: Path): Value {
  let current = root;
  for (const key of path) current = (current as Record<string | number, Value> | undefined)?.[key];
  return current;
}

const fieldName = (field: FormField) => field.label || fieldKindLabel(field.type);

/**
 * The form builder (issue 16, point 1): a palette of every field type of the schema, the fields
 * by page (moved by drag and drop, by the arrow keys on a handle, or by buttons), a side panel
 * generated from the schema, the form's settings, a live preview that is the real form island,
 * and the definition as JSON with its problems at their paths. Nothing is stored until Save,
 * and nothing typed is lost when the server refuses.
 */
export default function FormBuilder({ csrf, id: initialId, definition: initial }: Props) {
  const [definition, setDefinition] = useState<FormDefinition>(initial);
  const [id, setId] = useState(initialId);
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
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
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
    const field = newField(type, definition);
    change(['fields'], [...fields, field]);
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
    setDefinition(read.definition);
    setJsonMessage(m.jsonApplied);
    return true;
  };

  const save = async () => {
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
      { id, definition: toSave },
      m.failed,
    );
    setSaving(false);
    if (reply.ok) {
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
                context={{ definition, change, problemAt, selfId: selectedField.id }}
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
                context={{ definition, change, problemAt, selfId: undefined }}
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

function ProblemList({
  id,
  heading,
  problems,
}: {
  id: string;
  heading: string;
  problems: readonly Problem[];
}) {
  if (problems.length === 0) return null;
  return (
    <div id={id} className="admin-builder__problems" role="alert">
      <p>{heading}</p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.path}:${problem.message}`}>
            <code>{problem.path}</code>: {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The fields in order, by page: each moved by dragging, by its handle's arrow keys or buttons. */
function FieldList({
  fields,
  firstPageTitle,
  selected,
  onSelect,
  onMove,
  onRemove,
  problems,
}: {
  fields: readonly FormField[];
  firstPageTitle: string;
  selected: number | 'settings';
  onSelect: (id: number | 'settings') => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  problems: readonly Problem[];
}) {
  const dragged = useRef<number | undefined>(undefined);
  const [over, setOver] = useState<number>();
  const handles = useRef<Array<HTMLButtonElement | null>>([]);
  const moveAndFocus = (from: number, to: number) => {
    onMove(from, to);
    requestAnimationFrame(() => handles.current[to]?.focus());
  };
  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      moveAndFocus(index, index + (event.key === 'ArrowUp' ? -1 : 1));
    }
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = dragged.current;
    dragged.current = undefined;
    setOver(undefined);
    if (from !== undefined) onMove(from, index);
  };
  let page = 1;
  return (
    <section className="admin-builder__fields" aria-labelledby="fb-fields">
      <h2 id="fb-fields">{m.fields}</h2>
      <button
        type="button"
        className="admin-link-button"
        aria-pressed={selected === 'settings'}
        onClick={() => onSelect('settings')}
      >
        {m.formSettings}
      </button>
      <p className="admin-hint" id="fb-drag-hint">
        {m.dragHint}
      </p>
      <h3 className="admin-builder__page">{m.page(1, firstPageTitle)}</h3>
      {fields.length === 0 && <p>{m.noFields}</p>}
      <ol className="admin-builder__list">
        {fields.map((field, index) => {
          const name = fieldName(field);
          const broken = problems.some((p) => p.path.startsWith(`fields.${index}.`));
          if (field.type === 'pagebreak') page += 1;
          return (
            <li
              key={field.id}
              className={`admin-builder__item${selected === field.id ? ' admin-builder__item--selected' : ''}${over === index ? ' admin-builder__item--over' : ''}${field.type === 'pagebreak' ? ' admin-builder__item--break' : ''}`}
              data-field-id={field.id}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver(undefined)}
              onDrop={(event) => onDrop(event, index)}
            >
              <button
                type="button"
                ref={(element) => {
                  handles.current[index] = element;
                }}
                className="admin-builder__handle"
                draggable
                aria-describedby="fb-drag-hint"
                aria-label={m.dragHandle(name, index + 1, fields.length)}
                onDragStart={(event) => {
                  dragged.current = index;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(field.id));
                }}
                onKeyDown={(event) => onHandleKey(event, index)}
              >
                <span aria-hidden="true">⠿</span>
              </button>
              <button
                type="button"
                className="admin-builder__select"
                aria-pressed={selected === field.id}
                onClick={() => onSelect(field.id)}
              >
                <span className="admin-builder__name">
                  {field.type === 'pagebreak' ? m.page(page, field.title) : name}
                </span>
                <span className="admin-builder__type">
                  {' '}
                  {fieldKindLabel(field.type)}
                  {broken ? ' ⚠' : ''}
                </span>
              </button>
              <span className="admin-builder__moves">
                <button
                  type="button"
                  className="admin-link-button"
                  disabled={index === 0}
                  onClick={() => moveAndFocus(index, index - 1)}
                >
                  {m.moveUp}
                  <span className="visually-hidden"> {name}</span>
                </button>
                <button
                  type="button"
                  className="admin-link-button"
                  disabled={index === fields.length - 1}
                  onClick={() => moveAndFocus(index, index + 1)}
                >
                  {m.moveDown}
                  <span className="visually-hidden"> {name}</span>
                </button>
                <button type="button" className="admin-link-button" onClick={() => onRemove(index)}>
                  {m.removeField}
                  <span className="visually-hidden"> {name}</span>
                </button>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

type PanelContext = {
  definition: FormDefinition;
  change: (path: Path, value: Value) => void;
  problemAt: (path: Path) => string | undefined;
  /** The field being edited: a condition refers to the others. */
  selfId: number | undefined;
};

/** The controls of an object's keys, each generated from its schema. */
function Entries({
  entries,
  value,
  path,
  context,
}: {
  entries: readonly Entry[];
  value: Value;
  path: Path;
  context: PanelContext;
}) {
  return (
    <>
      {entries.map((entry) => (
        <EntryControl
          key={entry.key}
          entry={entry}
          value={getAt(value, [entry.key])}
          path={[...path, entry.key]}
          context={context}
        />
      ))}
    </>
  );
}

/** Keys whose number is the id of another field of the form: chosen from a list of fields. */
const fieldReferences: Record<string, (field: FormField) => boolean> = {
  field: () => true,
  visitorEmailField: (field) => field.type === 'email',
};

function EntryControl({
  entry,
  value,
  path,
  context,
}: {
  entry: Entry;
  value: Value;
  path: Path;
  context: PanelContext;
}) {
  const { key, control, optional } = entry;
  const label = humanLabel(key);
  const id = inputId(path);
  const error = context.problemAt(path);
  const set = (next: Value) => context.change(path, next);
  const reference = fieldReferences[key];
  if (control.kind === 'number' && reference) {
    const candidates = context.definition.fields.filter(
      (f) => f.id !== context.selfId && reference(f),
    );
    return (
      <Labelled id={id} label={label} error={error}>
        <select
          id={id}
          value={typeof value === 'number' ? String(value) : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) =>
            set(event.target.value === '' ? undefined : Number(event.target.value))
          }
        >
          <option value="">{optional ? m.noValue : m.anyField}</option>
          {candidates.map((f) => (
            <option key={f.id} value={f.id}>
              {fieldName(f)} (#{f.id})
            </option>
          ))}
        </select>
      </Labelled>
    );
  }
  if ((control.kind === 'group' || control.kind === 'variants') && optional) {
    if (value === undefined) {
      return (
        <p className="admin-builder__part">
          <button
            type="button"
            className="admin-button"
            onClick={() => set(starterOf(entry.schema, key, context.definition.fields))}
          >
            {m.use(label)}
          </button>
        </p>
      );
    }
    return (
      <fieldset className="admin-builder__group">
        <legend>{label}</legend>
        <ControlFor control={control} value={value} path={path} label={label} context={context} />
        <button type="button" className="admin-link-button" onClick={() => set(undefined)}>
          {m.dropPart(label)}
        </button>
      </fieldset>
    );
  }
  return (
    <ControlFor
      control={control}
      value={value}
      path={path}
      label={label}
      context={context}
      optional={optional}
    />
  );
}

function Labelled({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function ControlFor({
  control,
  value,
  path,
  label,
  context,
  optional = false,
}: {
  control: Control;
  value: Value;
  path: Path;
  label: string;
  context: PanelContext;
  optional?: boolean;
}): ReactNode {
  const id = inputId(path);
  const error = context.problemAt(path);
  const set = (next: Value) => context.change(path, next);
  const described = error ? `${id}-error` : undefined;
  switch (control.kind) {
    case 'fixed':
      return null;
    case 'text':
      return (
        <TextField
          id={id}
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => set(optional && next === '' ? undefined : next)}
          error={error}
          rows={control.long ? 4 : undefined}
        />
      );
    case 'number':
      return (
        <Labelled id={id} label={label} error={error}>
          <input
            id={id}
            type="number"
            step={control.integer ? 1 : 'any'}
            min={control.min}
            max={control.max}
            value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(event) =>
              set(event.target.value === '' ? undefined : Number(event.target.value))
            }
          />
        </Labelled>
      );
    case 'boolean':
      return (
        <div className="admin-field">
          <label className="admin-check">
            <input
              id={id}
              type="checkbox"
              checked={value === true}
              aria-describedby={described}
              onChange={(event) => set(event.target.checked)}
            />{' '}
            {label}
          </label>
          {error && (
            <p id={`${id}-error`} className="admin-field-error">
              {error}
            </p>
          )}
        </div>
      );
    case 'choice':
      return (
        <Labelled id={id} label={label} error={error}>
          <select
            id={id}
            value={typeof value === 'string' ? value : ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(event) =>
              set(optional && event.target.value === '' ? undefined : event.target.value)
            }
          >
            {optional && <option value="">{m.noValue}</option>}
            {control.options.map((option) => (
              <option key={option} value={option}>
                {optionLabel(option)}
              </option>
            ))}
          </select>
        </Labelled>
      );
    case 'lines':
      return (
        <TextField
          id={id}
          label={label}
          value={Array.isArray(value) ? value.join('\n') : ''}
          onChange={(next) =>
            set(next.split('\n').filter((line, i, all) => line !== '' || i === all.length - 1))
          }
          error={error}
          rows={4}
        />
      );
    case 'choices': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className="admin-builder__group" aria-describedby={described}>
          <legend>{label}</legend>
          {control.options.map((option) => (
            <label key={option} className="admin-check">
              <input
                type="checkbox"
                checked={chosen.includes(option)}
                onChange={(event) =>
                  set(
                    event.target.checked
                      ? control.options.filter((o) => o === option || chosen.includes(o))
                      : chosen.filter((o) => o !== option),
                  )
                }
              />{' '}
              {optionLabel(option)}
            </label>
          ))}
          {error && (
            <p id={`${id}-error`} className="admin-field-error">
              {error}
            </p>
          )}
        </fieldset>
      );
    }
    case 'list': {
      const items = Array.isArray(value) ? value : [];
      return (
        <fieldset className="admin-builder__group">
          <legend>{label}</legend>
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity of their own
            <fieldset key={index} className="admin-builder__item-group">
              <legend>{m.itemLegend(label, index + 1)}</legend>
              <ControlFor
                control={control.item}
                value={item}
                path={[...path, index]}
                label={m.itemLegend(label, index + 1)}
                context={context}
              />
              <button
                type="button"
                className="admin-link-button"
                disabled={items.length <= control.min}
                onClick={() => set(items.filter((_, i) => i !== index))}
              >
                {m.removeItem(label, index + 1)}
              </button>
            </fieldset>
          ))}
          {error && (
            <p id={`${id}-error`} className="admin-field-error">
              {error}
            </p>
          )}
          <button
            type="button"
            className="admin-button"
            onClick={() =>
              set([...items, starterOf(control.element, '', context.definition.fields)])
            }
          >
            {m.addItem(label)}
          </button>
        </fieldset>
      );
    }
    case 'group':
      return <Entries entries={control.entries} value={value} path={path} context={context} />;
    case 'variants': {
      const current = (value as Record<string, unknown> | undefined)?.[control.discriminator];
      const kind = typeof current === 'string' ? current : Object.keys(control.variants)[0];
      const variantId = `${id}-${control.discriminator}`;
      return (
        <>
          <Labelled id={variantId} label={m.kindOf(label)} error={undefined}>
            <select
              id={variantId}
              value={kind}
              onChange={(event) => {
                const schema = control.schemas[event.target.value];
                if (schema) set(starterOf(schema, '', context.definition.fields));
              }}
            >
              {Object.keys(control.variants).map((option) => (
                <option key={option} value={option}>
                  {optionLabel(option)}
                </option>
              ))}
            </select>
          </Labelled>
          <Entries
            entries={control.variants[kind ?? ''] ?? []}
            value={value}
            path={path}
            context={context}
          />
        </>
      );
    }
    case 'json':
      return <JsonControl id={id} label={label} value={value} onChange={set} error={error} />;
  }
}

/** A value of a shape the generator does not know, edited as JSON so none is uneditable. */
function JsonControl({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState(() => JSON.stringify(value ?? null, null, 2));
  const [problem, setProblem] = useState<string>();
  return (
    <TextField
      id={id}
      label={label}
      value={text}
      rows={4}
      spellCheck={false}
      error={problem ?? error}
      onChange={(next) => {
        setText(next);
        try {
          onChange(JSON.parse(next));
          setProblem(undefined);
        } catch (caught) {
          setProblem(m.jsonNotJson((caught as Error).message));
        }
      }}
    />
  );
}

/**
 * The real form island, rendered from the definition as it stands (checked and rendered by the
 * server as a save would), under a form id no form has: a submit is refused, never stored.
 */
function Preview({ csrf, definition }: { csrf: string; definition: FormDefinition }) {
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'ready'; Island: ComponentType<object>; props: object }
    | { kind: 'problems'; message: string; problems: Problem[] }
  >({ kind: 'loading' });
  useEffect(() => {
    // The island's styles tell a page that runs scripts by the root's `js` class, as the site's
    // head script sets it: the admin runs its script, so the preview's pages page.
    document.documentElement.classList.add('js');
    void (async () => {
      const reply = await callAdmin('/admin/api/forms/preview', csrf, { definition }, m.failed);
      if (!reply.ok) {
        const lines = Array.isArray(reply.problems) ? (reply.problems as string[]) : [];
        setState({ kind: 'problems', message: reply.message, problems: problemsFromLines(lines) });
        return;
      }
      const types = definition.fields.flatMap((f) => [
        f.type,
        ...(f.type === 'repeater' ? f.fields.map((sub) => sub.type) : []),
      ]);
      const Island = (await loadFormIsland(types)) as unknown as ComponentType<object>;
      setState({ kind: 'ready', Island, props: reply.props as object });
    })();
  }, [csrf, definition]);
  if (state.kind === 'loading') return <p role="status">{m.previewLoading}</p>;
  if (state.kind === 'problems') {
    return (
      <ProblemList id="fb-preview-problems" heading={state.message} problems={state.problems} />
    );
  }
  const { Island, props } = state;
  return (
    <>
      <p className="admin-hint">{m.previewNote}</p>
      <div className="admin-builder__preview admin-preview">
        <Island {...props} />
      </div>
    </>
  );
}
