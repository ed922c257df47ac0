import { useRef, useState } from 'react';

type Props = {
  /** What is copied: an embed code, an image's address. */
  value: string;
  /** The field's name, said by screen readers (hidden unless `showLabel`). */
  label: string;
  /** The button's words. */
  button: string;
  /** Said after the button's words, for screen readers: which of several copies this is. */
  buttonWhat?: string;
  copied: string;
  copySelected: string;
  /** Unique in the page: each island is rendered on its own, so `useId` would repeat. */
  inputId: string;
  showLabel?: boolean;
  /** A wider field, for an address. */
  wide?: boolean;
};

/**
 * A text to copy, shown as text a person can select (before and without the admin's script)
 * with a button that copies it; the status line says it was copied, or selected it where the
 * browser gives no clipboard (a plain-http site, a refused permission).
 */
export default function CopyField(props: Props) {
  const { value, label, button, buttonWhat, inputId: id, showLabel = false, wide = false } = props;
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('no');
    }
  };
  return (
    <div className="admin-copy">
      <label htmlFor={id} className={showLabel ? 'admin-copy__label' : 'visually-hidden'}>
        {label}
      </label>
      <input
        id={id}
        ref={input}
        className={wide ? 'admin-copy__code admin-copy__code--wide' : 'admin-copy__code'}
        value={value}
        readOnly
      />
      <button type="button" className="admin-button" onClick={() => void copy()}>
        {button}
        {buttonWhat && <span className="visually-hidden">{buttonWhat}</span>}
      </button>
      <span role="status" className="admin-copy__status">
        {copied === 'yes' ? props.copied : copied === 'no' ? props.copySelected : ''}
      </span>
    </div>
  );
}
