import { useCombobox, useMultipleSelection } from 'downshift';
import { useState } from 'react';
import { choiceValue } from '../../field-kinds.ts';
import type { Choice } from '../../form-definition.ts';

/**
 * The modern select (downshift): a combobox that filters the choices as the visitor types,
 * following the WAI-ARIA combobox pattern; with several allowed, the chosen ones are chips
 * (Backspace or a chip's button removes one). Hidden inputs carry what is sent.
 */
export function Combobox({
  id,
  name,
  choices,
  multiple,
  picked,
  placeholder,
  describedBy,
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
  onChange: (values: string[]) => void;
  onBlur: () => void;
}) {
  const [query, setQuery] = useState('');
  const labelOf = (value: string) => choices.find((c) => choiceValue(c) === value)?.label ?? value;
  const items = choices.filter(
    (c) =>
      (!multiple || !picked.includes(choiceValue(c))) &&
      c.label.toLowerCase().includes(query.trim().toLowerCase()),
  );
  const chips = useMultipleSelection<string>({
    selectedItems: picked,
    onSelectedItemsChange: ({ selectedItems }) => onChange(selectedItems ?? []),
  });
  const combobox = useCombobox<Choice>({
    items,
    inputId: id,
    inputValue: query,
    itemToString: (c) => c?.label ?? '',
    selectedItem: null,
    defaultHighlightedIndex: 0,
    stateReducer: (_state, { changes, type }) =>
      type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
      type === useCombobox.stateChangeTypes.ItemClick
        ? { ...changes, isOpen: multiple, inputValue: '' }
        : changes,
    onStateChange: ({ type, selectedItem, inputValue }) => {
      if (
        (type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
          type === useCombobox.stateChangeTypes.ItemClick ||
          type === useCombobox.stateChangeTypes.InputBlur) &&
        selectedItem
      ) {
        const value = choiceValue(selectedItem);
        onChange(multiple ? [...picked, value] : [value]);
        setQuery('');
      } else if (type === useCombobox.stateChangeTypes.InputChange) {
        setQuery(inputValue ?? '');
      }
    },
  });
  const single = !multiple && picked[0] !== undefined ? labelOf(picked[0]) : '';
  return (
    <div className="qforms-combobox">
      {multiple && picked.length > 0 && (
        <ul className="qforms-chips" aria-label="Chosen">
          {picked.map((value, index) => (
            <li key={value} {...chips.getSelectedItemProps({ selectedItem: value, index })}>
              {labelOf(value)}
              <button
                type="button"
                aria-label={`Remove ${labelOf(value)}`}
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
        placeholder={single || placeholder || 'Type to search'}
        {...describedBy}
        {...combobox.getInputProps({
          ...(multiple ? chips.getDropdownProps({ preventKeyAction: combobox.isOpen }) : {}),
          onFocus: () => {
            if (!combobox.isOpen) combobox.openMenu();
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
        {combobox.isOpen && items.length === 0 && <li aria-disabled="true">No matches</li>}
      </ul>
      {picked.map((value) => (
        <input key={value} type="hidden" name={name} value={value} readOnly />
      ))}
    </div>
  );
}
