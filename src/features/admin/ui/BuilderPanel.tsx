import { type ReactNode, useState } from 'react';
import type { FormDefinition, FormField } from '../../forms/form-definition.ts';
import type { CurrencyFormat } from '../../payments/currency.ts';
import { type Control, type Entry, humanLabel, optionLabel, starterOf } from '../form-builder.ts';
import { builderMessages as m } from '../form-builder-messages.ts';
import { fieldName } from './BuilderFieldList.tsx';
import { getAt, inputId, type Path, type Value } from './builder-paths.ts';
import { MoneyInput } from './MoneyInput.tsx';
import { TextField } from './TextField.tsx';

export type PanelContext = {
  definition: FormDefinition;
  change: (path: Path, value: Value) => void;
  problemAt: (path: Path) => string | undefined;
  /** The field being edited: a condition refers to the others. */
  selfId: number | undefined;
  /** The site's currency: prices are typed and shown in its main unit. */
  currency: CurrencyFormat;
};

/**
 * The builder's side panel, generated from the form schema (form-builder.ts reads it): the
 * controls of an object's keys, each chosen by the shape of its schema.
 */
export function Entries({
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

/** Keys whose number is an amount of money, kept in whole smallest units (decision 0036). */
const moneyKeys: readonly string[] = ['price', 'minimumPrice'];

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
  if (control.kind === 'number' && moneyKeys.includes(key)) {
    return (
      <MoneyInput
        key={id}
        id={id}
        label={label}
        value={typeof value === 'number' && Number.isFinite(value) ? value : undefined}
        currency={context.currency}
        error={error}
        onChange={set}
      />
    );
  }
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
  const shared = { control, value, path, label, context };
  if ((control.kind === 'group' || control.kind === 'variants') && optional) {
    if (value === undefined) {
      return (
        <p className="admin-builder__part">
          <button
            type="button"
            className="admin-button"
            onClick={() => set(starterOf(entry.schema, key, context.definition))}
          >
            {m.use(label)}
          </button>
        </p>
      );
    }
    return (
      <fieldset className="admin-builder__group">
        <legend>{label}</legend>
        <ControlFor {...shared} framed />
        <button type="button" className="admin-link-button" onClick={() => set(undefined)}>
          {m.dropPart(label)}
        </button>
      </fieldset>
    );
  }
  return <ControlFor {...shared} optional={optional} />;
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
  framed = false,
}: {
  control: Control;
  value: Value;
  path: Path;
  label: string;
  context: PanelContext;
  optional?: boolean;
  /** Already inside a fieldset that names it (an optional part in use, an item of a list). */
  framed?: boolean;
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
                framed
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
            onClick={() => set([...items, starterOf(control.element, '', context.definition)])}
          >
            {m.addItem(label)}
          </button>
        </fieldset>
      );
    }
    case 'group': {
      const entries = (
        <Entries entries={control.entries} value={value} path={path} context={context} />
      );
      // A group of settings under its name ("Notifications", "Anti-spam"), so that two of its
      // settings with the same name (a description) are told apart.
      return framed ? (
        entries
      ) : (
        <fieldset className="admin-builder__group">
          <legend>{label}</legend>
          {entries}
        </fieldset>
      );
    }
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
                if (schema) set(starterOf(schema, '', context.definition));
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
