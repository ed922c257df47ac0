import { type DragEvent, type KeyboardEvent, useRef, useState } from 'react';
import type { FormField } from '../../forms/form-definition.ts';
import { fieldKindLabel, type Problem } from '../form-builder.ts';
import { builderMessages as m } from '../form-builder-messages.ts';

export const fieldName = (field: FormField) => field.label || fieldKindLabel(field.type);

/** The fields in order, by page: each moved by dragging, by its handle's arrow keys or buttons. */
export function FieldList({
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
