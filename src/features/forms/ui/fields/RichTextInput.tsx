import { useEffect, useRef } from 'react';
import { moreMessages } from '../../more-messages.ts';
import { editorContent } from './editor-markup.ts';

type Command = { name: string; label: string; symbol: string; tag: string };

const commands: Command[] = [
  { name: 'bold', label: 'Bold', symbol: 'B', tag: 'B' },
  { name: 'italic', label: 'Italic', symbol: 'I', tag: 'I' },
  { name: 'insertUnorderedList', label: 'Bulleted list', symbol: '•', tag: 'UL' },
  { name: 'insertOrderedList', label: 'Numbered list', symbol: '1.', tag: 'OL' },
];

/**
 * A small rich-text editor: bold, italic, lists and links over a contenteditable area, with
 * the browser's own editing commands (decision 0039 says why no editor library). What it sends
 * is HTML, which the server sanitises with the posts' policy; the area's markup is the
 * visitor's own until then.
 */
export function RichTextInput({
  id,
  name,
  html,
  describedBy,
  onChange,
  onBlur,
}: {
  id: string;
  name: string;
  html: string;
  describedBy: Record<string, unknown>;
  onChange: (html: string) => void;
  onBlur: () => void;
}) {
  const area = useRef<HTMLDivElement>(null);
  // The area keeps its own DOM while the visitor types; only outside changes are written in.
  useEffect(() => {
    const element = area.current;
    if (element && element.innerHTML !== html) element.replaceChildren(editorContent(html));
  }, [html]);
  const run = (command: string, argument?: string) => {
    area.current?.focus();
    document.execCommand(command, false, argument);
    onChange(area.current?.innerHTML ?? '');
  };
  const addLink = () => {
    const address = window.prompt(moreMessages.richTextLink, 'https://');
    if (address && /^(https?:\/\/|mailto:)/i.test(address.trim()))
      run('createLink', address.trim());
  };
  return (
    <div className="qforms-rich-text">
      <div
        className="qforms-rich-text-toolbar"
        role="toolbar"
        aria-controls={id}
        aria-label="Formatting"
      >
        {commands.map((command) => (
          <button
            key={command.name}
            type="button"
            title={command.label}
            aria-label={command.label}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(command.name)}
          >
            <span aria-hidden="true">{command.symbol}</span>
          </button>
        ))}
        <button
          type="button"
          title="Link"
          aria-label="Link"
          onMouseDown={(e) => e.preventDefault()}
          onClick={addLink}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path
              fill="currentColor"
              d="M6.4 9.6a.8.8 0 0 1 0-1.1l2.1-2.1a.8.8 0 1 1 1.1 1.1L7.5 9.6a.8.8 0 0 1-1.1 0ZM4.2 8.3 2.8 9.7a2.4 2.4 0 0 0 3.5 3.5l1.4-1.4a.8.8 0 1 1 1.1 1.1l-1.4 1.4a4 4 0 0 1-5.7-5.7l1.4-1.4a.8.8 0 0 1 1.1 1.1Zm7.6-.6 1.4-1.4a2.4 2.4 0 0 0-3.5-3.5L8.3 4.2a.8.8 0 1 1-1.1-1.1l1.4-1.4a4 4 0 0 1 5.7 5.7l-1.4 1.4a.8.8 0 0 1-1.1-1.1Z"
            />
          </svg>
        </button>
      </div>
      <div
        ref={area}
        id={id}
        className="qforms-rich-text-area"
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        contentEditable
        suppressContentEditableWarning
        {...describedBy}
        onInput={(e) => onChange(e.currentTarget.innerHTML)}
        onBlur={onBlur}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && (e.key === 'b' || e.key === 'i')) {
            e.preventDefault();
            run(e.key === 'b' ? 'bold' : 'italic');
          }
        }}
      />
      <input type="hidden" name={name} value={html} readOnly />
    </div>
  );
}
