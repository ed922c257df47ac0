import { useRef, useState } from 'react';
import { builderMessages as m } from '../form-builder-messages.ts';

type Props = {
  /** What the owner pastes into a post: `[form id="3"]`. */
  code: string;
  /** The form's title, so each copy button says which code it copies. */
  title: string;
  /** Unique in the page: each island is rendered on its own, so `useId` would repeat. */
  inputId: string;
};

/**
 * A form's embed code, shown as text a visitor can select (before and without the admin's
 * script) with a button that copies it; the status line says it was copied.
 */
export default function CopyEmbed({ code, title, inputId: id }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('yes');
    } catch {
      // No clipboard (a plain-http site, a refused permission): select it for Ctrl+C.
      input.current?.select();
      setCopied('no');
    }
  };
  return (
    <div className="admin-copy">
      <label htmlFor={id} className="visually-hidden">
        {m.embedOf(title)}
      </label>
      <input id={id} ref={input} className="admin-copy__code" value={code} readOnly />
      <button type="button" className="admin-button" onClick={() => void copy()}>
        {m.copy}
        <span className="visually-hidden">{m.copyWhat(title)}</span>
      </button>
      <span role="status" className="admin-copy__status">
        {copied === 'yes' ? m.copied : copied === 'no' ? m.copySelected : ''}
      </span>
    </div>
  );
}
