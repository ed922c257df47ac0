import { useCombobox, useMultipleSelection } from 'downshift';
import { useEffect, useRef, useState } from 'react';
import { fill } from '../../../../platform/fill-message.ts';
import { choiceValue } from '../../field-kinds.ts';
import type { Choice } from '../../form-definition.ts';
import { widgetMessages } from './widget-messages.ts';

/**
 * The modern select (downshift): a combobox that filters the choices as the visitor types,
 * following the WAI-ARIA combobox pattern; with several allowed, the chosen ones are chips
 * (Backspace or a chip's button removes one). Hidden inputs carry what is sent. Locked with
 * its field (seed §4), it opens no list and neither picks nor removes a choice.
 */
export function Combobox({
  id,
  name,
  choices,
  multiple,
  picked,
  placeholder,
  describedBy,
  readOnly,
  onChange,
  onBlur,
}: {
  id: string;
  name: string;
  choices: readonly Choice[];
  multiple: boolean;
  picked: string[];
  placeholder: string;
  describedBy: Record<string, unknown>;
  readOnly: boolean;
  onChange: (values: string[]) => void;
  onBlur: () => void;
}) {
  const [query, setQuery] = useState('');
  // downshift keeps its reducers from the first render; they read the lock from here.
  const locked = useRef(readOnly);
  locked.current = readOnly;
  const labelOf = (value: string) => choices.find((c) => choiceValue(c) === value)?.label ?? value;
  const matching = (text: string) =>
    choices.filter(
      (c) =>
        (!multiple || !picked.includes(choiceValue(c))) &&
        c.label.toLowerCase().includes(text.trim().toLowerCase()),
    );
  const items = matching(query);
  const chips = useMultipleSelection<string>({
    selectedItems: picked,
    stateReducer: (state, { changes }) => (locked.current ? state : changes),
    onSelectedItemsChange: ({ selectedItems }) => onChange(selectedItems ?? []),
  });
  const types = useCombobox.stateChangeTypes;
  const combobox = useCombobox<Choice>({
    items,
    inputId: id,
    itemToString: (c) => c?.label ?? '',
    defaultHighlightedIndex: 0,
    // The choices live in the form's value, not in downshift's selected item: a pick is taken
    // from the changes here and cleared, so the next pick starts from an empty input again.
    stateReducer: (state, { changes, type }) => {
      if (locked.current) return { ...state, isOpen: false };
      if (type === types.InputKeyDownEnter || type === types.ItemClick) {
        if (changes.selectedItem) {
          const value = choiceValue(changes.selectedItem);
          onChange(multiple ? [...picked, value] : [value]);
        }
        return { ...changes, selectedItem: null, isOpen: multiple, inputValue: '' };
      }
      // Leaving the field picks nothing; typing highlights the first match, so Enter takes it.
      if (type === types.InputBlur)
        return { ...changes, selectedItem: state.selectedItem, inputValue: '' };
      if (type === types.InputChange) {
        return {
          ...changes,
          highlightedIndex: matching(changes.inputValue ?? '').length > 0 ? 0 : -1,
        };
      }
      return changes;
    },
    onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ''),
  });
  const { closeMenu } = combobox;
  useEffect(() => {
    if (readOnly) closeMenu();
  }, [readOnly, closeMenu]);
  const single = !multiple && picked[0] !== undefined ? labelOf(picked[0]) : '';
  return (
    <div className="qforms-combobox">
      {multiple && picked.length > 0 && (
        <ul className="qforms-chips" aria-label={widgetMessages.comboboxChosen}>
          {picked.map((value, index) => (
            <li key={value} {...chips.getSelectedItemProps({ selectedItem: value, index })}>
              {labelOf(value)}
              <button
                type="button"
                disabled={readOnly}
                aria-label={fill(widgetMessages.comboboxRemove, { name: labelOf(value) })}
                onClick={(e) => {
                  e.stopPropagation();
                  chips.removeSelectedItem(value);
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        type="text"
        className="qforms-field-medium"
        placeholder={single || placeholder || widgetMessages.comboboxSearch}
        readOnly={readOnly}
        {...describedBy}
        {...combobox.getInputProps({
          ...(multiple ? chips.getDropdownProps({ preventKeyAction: combobox.isOpen }) : {}),
          onFocus: () => {
            if (!readOnly && !combobox.isOpen) combobox.openMenu();
          },
          onBlur,
          // Enter picks a choice here; it must not reach the form, where it means Next.
          onKeyDown: (event) => {
            if (event.key === 'Enter') event.stopPropagation();
          },
        })}
      />
      <ul className="qforms-combobox-menu" {...combobox.getMenuProps()} hidden={!combobox.isOpen}>
        {combobox.isOpen &&
          items.map((choice, index) => (
            <li
              key={choiceValue(choice)}
              className={combobox.highlightedIndex === index ? 'qforms-highlighted' : undefined}
              {...combobox.getItemProps({ item: choice, index })}
            >
              {choice.label}
            </li>
          ))}
        {combobox.isOpen && items.length === 0 && (
          <li aria-disabled="true">{widgetMessages.comboboxNoMatches}</li>
        )}
      </ul>
      {picked.map((value) => (
        <input key={value} type="hidden" name={name} value={value} readOnly />
      ))}
    </div>
  );
}
