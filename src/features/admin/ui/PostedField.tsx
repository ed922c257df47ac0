type Props = {
  id: string;
  /** The field's name in the posted form. */
  name: string;
  label: string;
  defaultValue: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  maxLength?: number;
  required?: boolean;
  spellCheck?: boolean;
};

/**
 * One labelled field of a plain admin form (posted without the admin's script): its hint and
 * its error below it, both named by `aria-describedby`, and `aria-invalid` while the error
 * stands. The value comes back as typed when the server refuses it.
 */
export function PostedField({
  id,
  name,
  label,
  defaultValue,
  hint,
  error,
  rows,
  maxLength,
  required,
  spellCheck,
}: Props) {
  const described =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    defaultValue,
    maxLength,
    required,
    spellCheck,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {rows === undefined ? (
        <input type="text" {...common} />
      ) : (
        <textarea rows={rows} {...common} />
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
