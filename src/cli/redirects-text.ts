import type { RedirectImportPlan, RedirectRow } from '../features/content/redirect-admin.ts';
import { readablePath } from '../features/content/redirect-admin.ts';

const sources = { auto: 'address change', owner: 'added', import: 'imported' } as const;

const day = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ');

/** Redirects as a terminal shows them: one line each, old address first. */
export function formatRedirects(rows: readonly RedirectRow[]): string {
  if (rows.length === 0) return 'No redirects.\n';
  const lines = rows.map(
    (row) =>
      `${readablePath(row.from)} -> ${readablePath(row.to)}  (${sources[row.source]}, ${day(row.updatedAt)} UTC)`,
  );
  return `${lines.join('\n')}\n`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What `redirects import` would do: a summary, then every line refused and why. */
export function formatRedirectPlan(plan: RedirectImportPlan): string[] {
  const lines = [
    `${count(plan.added.length, 'new redirect', 'new redirects')}, ${plan.replaced.length} replaced, ${count(plan.refused.length, 'line', 'lines')} refused${plan.unchanged.length > 0 ? `, ${count(plan.unchanged.length, 'line', 'lines')} already so` : ''}.`,
  ];
  if (plan.fileError) lines.push(plan.fileError);
  for (const line of plan.replaced) {
    lines.push(
      `Line ${line.line}: ${readablePath(line.from)} -> ${readablePath(line.to)} (was ${readablePath(line.was)})`,
    );
  }
  for (const line of plan.refused)
    lines.push(`Line ${line.line} refused (${line.text}): ${line.reason}`);
  return lines;
}
