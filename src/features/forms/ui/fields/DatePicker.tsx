import { useEffect, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import type { FieldOfType } from '../../form-definition.ts';
import { moreMessages } from '../../more-messages.ts';
import { type CalendarDate, formatDate, isSelectable, parseDate } from '../../rules/date.ts';

const fromDate = (date: Date): CalendarDate => ({
  year: date.getFullYear(),
  month: date.getMonth() + 1,
  day: date.getDate(),
});
const toDate = ({ year, month, day }: CalendarDate) => new Date(year, month - 1, day);

/**
 * The calendar beside a date field (react-day-picker): a button opens it as a dialog, the
 * arrow keys move between days, Enter picks, Escape closes; days the field's rules refuse
 * (past, today, other weekdays) cannot be picked. Locked with its field (seed §4), the button
 * is disabled and an open calendar closes.
 */
export function DatePicker({
  field,
  value,
  today,
  inputId,
  disabled,
  onPick,
}: {
  field: FieldOfType<'date'>;
  value: string;
  today: string;
  inputId: string;
  disabled: boolean;
  onPick: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const shown = open && !disabled;
  const button = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const picked = parseDate(value, field.dateFormat);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);
  useEffect(() => {
    if (!shown) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!dialog.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [shown]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="qforms-date-button"
        aria-haspopup="dialog"
        aria-expanded={shown}
        aria-controls={`${inputId}-calendar`}
        title={moreMessages.datePick}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 0h1v2h6V0h1v2h3v14H1V2h3V0Zm10 6H2v9h12V6ZM4 8h2v2H4V8Zm3 0h2v2H7V8Zm3 0h2v2h-2V8Zm-6 3h2v2H4v-2Zm3 0h2v2H7v-2Z"
          />
        </svg>
        <span className="qforms-visually-hidden">{moreMessages.datePick}</span>
      </button>
      {shown && (
        <div
          ref={dialog}
          id={`${inputId}-calendar`}
          className="qforms-calendar"
          role="dialog"
          aria-modal="false"
          aria-label={moreMessages.datePick}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <DayPicker
            mode="single"
            autoFocus
            selected={picked ? toDate(picked) : undefined}
            defaultMonth={picked ? toDate(picked) : undefined}
            disabled={(date: Date) => !isSelectable(field, fromDate(date), today)}
            onSelect={(date: Date | undefined) => {
              if (!date) return;
              onPick(formatDate(fromDate(date), field.dateFormat));
              close();
            }}
          />
        </div>
      )}
    </>
  );
}
