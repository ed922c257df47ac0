import { type ComponentType, useEffect, useState } from 'react';
import type { FormDefinition } from '../../forms/form-definition.ts';
import { loadFormIsland } from '../../forms/form-preview.ts';
import { type Problem, problemsFromLines } from '../form-builder.ts';
import { builderMessages as m } from '../form-builder-messages.ts';
import { callAdmin } from './admin-call.ts';
import { ProblemList } from './BuilderProblems.tsx';

/**
 * The real form island, rendered from the definition as it stands (checked and rendered by the
 * server as a save would), under a form id no form has: a submit is refused, never stored.
 */
export function Preview({ csrf, definition }: { csrf: string; definition: FormDefinition }) {
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'ready'; Island: ComponentType<object>; props: object }
    | { kind: 'problems'; message: string; problems: Problem[] }
  >({ kind: 'loading' });
  useEffect(() => {
    // The island's styles tell a page that runs scripts by the root's `js` class, as the site's
    // head script sets it: the admin runs its script, so the preview's pages page.
    document.documentElement.classList.add('js');
    void (async () => {
      const reply = await callAdmin('/admin/api/forms/preview', csrf, { definition }, m.failed);
      if (!reply.ok) {
        const lines = Array.isArray(reply.problems) ? (reply.problems as string[]) : [];
        setState({ kind: 'problems', message: reply.message, problems: problemsFromLines(lines) });
        return;
      }
      const types = definition.fields.flatMap((f) => [
        f.type,
        ...(f.type === 'repeater' ? f.fields.map((sub) => sub.type) : []),
      ]);
      const Island = (await loadFormIsland(types)) as unknown as ComponentType<object>;
      setState({ kind: 'ready', Island, props: reply.props as object });
    })();
  }, [csrf, definition]);
  if (state.kind === 'loading') return <p role="status">{m.previewLoading}</p>;
  if (state.kind === 'problems') {
    return (
      <ProblemList id="fb-preview-problems" heading={state.message} problems={state.problems} />
    );
  }
  const { Island, props } = state;
  return (
    <>
      <p className="admin-hint">{m.previewNote}</p>
      <div className="admin-builder__preview admin-preview">
        <Island {...props} />
      </div>
    </>
  );
}
