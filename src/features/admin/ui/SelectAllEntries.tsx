import { useEffect, useState } from 'react';
import { entryMessages as m } from '../../forms/entry-review.ts';

type Props = {
  /** The id of the bulk form whose `id` checkboxes it ticks. */
  formId: string;
};

/**
 * Ticks or clears every entry on the page. Shown once the script runs: without it the rows are
 * ticked one by one, which the plain form takes as well.
 */
export default function SelectAllEntries({ formId }: Props) {
  const [ready, setReady] = useState(false);
  const [checked, setChecked] = useState(false);
  useEffect(() => setReady(true), []);
  const boxes = () =>
    document.querySelectorAll<HTMLInputElement>(`#${formId} input[type="checkbox"][name="id"]`);
  return (
    <label className="admin-check admin-entries__all" hidden={!ready}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          for (const box of boxes()) box.checked = event.target.checked;
        }}
      />
      {m.selectAll}
    </label>
  );
}
