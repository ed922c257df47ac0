import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import {
  defaultHighlightStyle,
  defineLanguageFacet,
  Language,
  languageDataProp,
  syntaxHighlighting,
} from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { GFM, parser } from '@lezer/markdown';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';

/**
 * Markdown with GitHub's tables and strikethrough, highlighted by the Lezer parser's own tags.
 * Built here rather than with @codemirror/lang-markdown, which brings the HTML, CSS and
 * JavaScript languages for code blocks: 100 KB more for the owner to download (decision 0034).
 */
const markdownData = defineLanguageFacet();
const markdownLanguage = new Language(
  markdownData,
  parser.configure([GFM, { props: [languageDataProp.add({ Document: markdownData })] }]),
  [],
  'markdown',
);

export type MarkdownEditorHandle = {
  /**
   * Puts a block (an image) where the cursor is, as a paragraph of its own, so it never joins
   * the line it was dropped on; then focuses the editor after it.
   */
  insertBlock: (text: string) => void;
  /** Replaces the first occurrence of `from` with `to`, wherever the text has moved it. */
  replace: (from: string, to: string) => void;
};

type Props = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Image files dropped on or pasted into the editor. */
  onImageFiles: (files: File[]) => void;
  describedBy?: string | undefined;
  invalid?: boolean;
  placeholderText: string;
};

/** The block with the blank lines it needs to be a paragraph of its own between from and to. */
export function paragraphAt(doc: string, from: number, to: number, block: string): string {
  const before = doc.slice(Math.max(0, from - 2), from);
  const after = doc.slice(to, to + 2);
  const lead = from === 0 || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  return `${lead}${block}${trail}`;
}

const imagesOf = (list: FileList | null | undefined) =>
  [...(list ?? [])].filter((file) => file.type.startsWith('image/'));

/**
 * The post's Markdown in CodeMirror 6: syntax shown as it is typed, undo, and wrapped lines.
 * Tab is left to move focus on, so a keyboard user never gets stuck in the text. The server
 * renders a plain textarea with the same text, which works until the editor takes over.
 */
export const MarkdownEditor = forwardRef<MarkdownEditorHandle, Props>(function MarkdownEditor(
  { id, value, onChange, onImageFiles, describedBy, invalid = false, placeholderText },
  handle,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(undefined);
  const callbacks = useRef({ onChange, onImageFiles });
  callbacks.current = { onChange, onImageFiles };
  const [mounted, setMounted] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; later text comes from its own changes
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          markdownLanguage,
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.lineWrapping,
          placeholder(placeholderText),
          EditorView.contentAttributes.of({
            id,
            'aria-labelledby': `${id}-label`,
            'aria-multiline': 'true',
            role: 'textbox',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste: (event) => {
              const files = imagesOf(event.clipboardData?.files);
              if (files.length === 0) return false;
              event.preventDefault();
              callbacks.current.onImageFiles(files);
              return true;
            },
            drop: (event, target) => {
              const files = imagesOf(event.dataTransfer?.files);
              if (files.length === 0) return false;
              event.preventDefault();
              const at = target.posAtCoords({ x: event.clientX, y: event.clientY });
              if (at !== null) target.dispatch({ selection: { anchor: at } });
              callbacks.current.onImageFiles(files);
              return true;
            },
          }),
        ],
      }),
    });
    view.current = editor;
    setMounted(true);
    return () => editor.destroy();
  }, []);

  useEffect(() => {
    const content = view.current?.contentDOM;
    if (!content) return;
    if (describedBy) content.setAttribute('aria-describedby', describedBy);
    else content.removeAttribute('aria-describedby');
    if (invalid) content.setAttribute('aria-invalid', 'true');
    else content.removeAttribute('aria-invalid');
  }, [describedBy, invalid]);

  useImperativeHandle(handle, () => ({
    insertBlock(text) {
      const editor = view.current;
      const doc = editor ? editor.state.doc.toString() : value;
      const { from, to } = editor
        ? editor.state.selection.main
        : { from: doc.length, to: doc.length };
      const block = paragraphAt(doc, from, to, text);
      if (!editor) {
        onChange(doc.slice(0, from) + block + doc.slice(to));
        return;
      }
      editor.dispatch({
        changes: { from, to, insert: block },
        selection: { anchor: from + block.length },
        scrollIntoView: true,
      });
      editor.focus();
    },
    replace(from, to) {
      const editor = view.current;
      const text = editor ? editor.state.doc.toString() : value;
      const at = text.indexOf(from);
      if (at < 0) return;
      if (!editor) {
        onChange(text.slice(0, at) + to + text.slice(at + from.length));
        return;
      }
      editor.dispatch({ changes: { from: at, to: at + from.length, insert: to } });
    },
  }));

  return (
    <div className={`admin-markdown${invalid ? ' admin-markdown--invalid' : ''}`} ref={host}>
      {!mounted && (
        <textarea
          id={id}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          rows={18}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
});
