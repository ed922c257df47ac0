import { useEffect, useState } from 'react';
import { fill } from '../../../platform/fill-message.ts';
import { mainUnitAmount } from '../../payments/coupon-form.ts';
import { type CurrencyFormat, formatAmount, formatNumber } from '../../payments/currency.ts';
import { builderMessages as m } from '../form-builder-messages.ts';

/** An amount as the owner reads and types it: `25.00`, in the currency's format, no grouping. */
const shown = (minorUnits: number, currency: CurrencyFormat) =>
  formatNumber(minorUnits, { ...currency, thousandsSeparator: '' });

/**
 * A price in the builder: typed in the currency's main unit (25 means $25.00) and shown
 * formatted, kept in whole smallest units as every amount is (decision 0036). What cannot be an
 * amount is said at once and not kept, so the stored price never changes to something else.
 */
export function MoneyInput({
  id,
  label,
  value,
  currency,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: number | undefined;
  currency: CurrencyFormat;
  error: string | undefined;
  onChange: (minorUnits: number) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : shown(value, currency));
  const [typedWrong, setTypedWrong] = useState(false);
  const problem = typedWrong ? fill(m.amountWrong, { example: shown(2500, currency) }) : error;
  const read = (typed: string) => {
    const trimmed = typed.trim();
    if (trimmed === '' || /^0+(?:[.,]0*)?$/.test(trimmed)) return 0;
    return mainUnitAmount(trimmed, currency);
  };
  // A price changed elsewhere (the JSON tab, an undo) is shown as it now is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside resets the text
  useEffect(() => {
    if (value !== undefined && read(text) !== value) {
      setText(shown(value, currency));
      setTypedWrong(false);
    }
  }, [value]);
  const hintId = `${id}-hint`;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{fill(m.amountLabel, { label, currency: currency.code })}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${hintId} ${id}-error` : hintId}
        onChange={(event) => {
          setText(event.target.value);
          const amount = read(event.target.value);
          setTypedWrong(amount === undefined);
          if (amount !== undefined) onChange(amount);
        }}
        onBlur={() => {
          const amount = read(text);
          if (amount !== undefined) setText(shown(amount, currency));
        }}
      />
      <p id={hintId} className="admin-hint">
        {value === undefined ? '' : fill(m.amountShown, { amount: formatAmount(value, currency) })}
      </p>
      {problem && (
        <p id={`${id}-error`} className="admin-field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
