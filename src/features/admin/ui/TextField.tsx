type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  type?: 'text' | 'url' | 'date' | 'time';
  inputMode?: 'numeric';
  maxLength?: number;
  spellCheck?: boolean;
  className?: string;
  /** Another element that describes the field too (a hint shared by several fields). */
  alsoDescribedBy?: string;
};

/**
 * One labelled text field of an admin form: its hint and its error below it, both named by
 * `aria-describedby`, and `aria-invalid` while the error stands.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  rows,
  type = 'text',
  inputMode,
  maxLength,
  spellCheck,
  className,
  alsoDescribedBy,
}: Props) {
  const described =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : '', alsoDescribedBy ?? '']
      .filter(Boolean)
      .join(' ') || undefined;
  const common = {
    id,
    value,
    maxLength,
    className,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className="admin-field">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {rows === undefined ? (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          spellCheck={spellCheck ?? (type === 'url' ? false : undefined)}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
