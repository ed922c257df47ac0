import { useEffect, useState } from 'react';
import { postListMessages as m } from '../post-list-messages.ts';

type Props = {
  /** The id of the bulk form whose `id` checkboxes it ticks. */
  formId: string;
};

const boxesOf = (formId: string) => [
  ...document.querySelectorAll<HTMLInputElement>(`#${formId} input[type="checkbox"][name="id"]`),
];

/**
 * Ticks or clears every post or page on the list's page, half-ticked while some are, and says
 * how many are selected (politely, to screen readers too). Shown once the script runs: without
 * it the rows are ticked one by one, which the plain form takes as well.
 */
export default function SelectAllPosts({ formId }: Props) {
  const [ready, setReady] = useState(false);
  const [ticked, setTicked] = useState(0);
  const [rows, setRows] = useState(0);
  useEffect(() => {
    const count = () => {
      const all = boxesOf(formId);
      setRows(all.length);
      setTicked(all.filter((box) => box.checked).length);
    };
    count();
    setReady(true);
    const form = document.getElementById(formId);
    form?.addEventListener('change', count);
    // A page restored from the browser's history keeps the boxes ticked before.
    window.addEventListener('pageshow', count);
    return () => {
      form?.removeEventListener('change', count);
      window.removeEventListener('pageshow', count);
    };
  }, [formId]);
  return (
    <span className="admin-select-all" hidden={!ready}>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={rows > 0 && ticked === rows}
          ref={(box) => {
            if (box) box.indeterminate = ticked > 0 && ticked < rows;
          }}
          onChange={(event) => {
            for (const box of boxesOf(formId)) box.checked = event.target.checked;
            setTicked(event.target.checked ? rows : 0);
          }}
        />
        {m.selectAll}
      </label>
      <span className="admin-select-all__count" aria-live="polite">
        {m.selected(ticked)}
      </span>
    </span>
  );
}
