import { useEffect, useState } from 'react';
import {
  type ImportRunState,
  importPollMs,
  importStateText,
  isUnderway,
} from '../../import/import-run-view.ts';
import { importScreenMessages as m } from '../../import/import-screen-messages.ts';

type Props = { runId: number; initial: ImportRunState };

/**
 * Where an import is: waiting, importing (phase, done of total, a bar), finished or failed.
 * While it waits or runs, the page asks `state.json` every two seconds and shows the answer;
 * once it has ended, the page is loaded again for the whole report. Without the script, the
 * Refresh link does the same by hand.
 */
export default function ImportRunStatus({ runId, initial }: Props) {
  const [state, setState] = useState(initial);
  const underway = isUnderway(state);

  useEffect(() => {
    if (!underway) return;
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const response = await fetch(`/admin/import/${runId}/state.json`, {
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
        if (!response.ok || stopped) return;
        const reply = (await response.json()) as { ok: boolean; state?: ImportRunState };
        if (!reply.state || stopped) return;
        setState(reply.state);
        if (!isUnderway(reply.state)) {
          stopped = true;
          window.clearInterval(timer);
          window.location.reload();
        }
      } catch {
        // A missed answer (the server restarting) is asked again at the next tick.
      }
    }, importPollMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [runId, underway]);

  const warning = state.status === 'failed' || (state.status === 'waiting' && state.waitingTooLong);
  return (
    <div className="admin-site-import__state">
      <p role="status" className={warning ? 'admin-warning' : undefined} data-state={state.status}>
        {importStateText(state)}
      </p>
      {state.status === 'running' && (
        <div className="admin-site-import__progress">
          {state.total > 0 ? (
            <progress
              className="admin-export__bar"
              max={state.total}
              value={Math.min(state.done, state.total)}
              aria-label={m.progressLabel}
            />
          ) : (
            <progress className="admin-export__bar" aria-label={m.progressLabel} />
          )}
          <span>{m.doneOf(state.done, state.total)}</span>
        </div>
      )}
      {underway && (
        <p className="admin-hint">
          {m.stillWorking} <a href={`/admin/import/${runId}`}>{m.refresh}</a>
        </p>
      )}
    </div>
  );
}
