import type { Db } from '../../../platform/db/connect.ts';
import type { SitePayments } from '../../payments/providers.ts';
import { embedCode } from '../embed.ts';
import { formPaymentProblem } from '../form-checkout.ts';
import { listForms } from './forms-store.ts';

/** A form as the owner's Forms screen lists it. */
export type FormOverview = {
  id: number;
  title: string;
  fields: number;
  entries: number;
  spam: number;
  lastEntryAt: number | null;
  embed: string;
};

/** Every form with its entry and spam counts and its last entry, counted in one query. */
export async function formsOverview(db: Db): Promise<FormOverview[]> {
  const [forms, counts] = await Promise.all([
    listForms(db),
    db
      .selectFrom('form_entries')
      .select([
        'form_id',
        'status',
        (eb) => eb.fn.countAll<string | number>().as('count'),
        (eb) => eb.fn.max('submitted_at').as('last'),
      ])
      .groupBy(['form_id', 'status'])
      .execute(),
  ]);
  const count = (id: number, status: 'entry' | 'spam') =>
    Number(counts.find((row) => row.form_id === id && row.status === status)?.count ?? 0);
  return forms.map((form) => {
    const last = counts
      .filter((row) => row.form_id === form.id && row.status === 'entry')
      .map((row) => Number(row.last));
    return {
      id: form.id,
      title: form.definition.title,
      fields: form.definition.fields.length,
      entries: count(form.id, 'entry'),
      spam: count(form.id, 'spam'),
      lastEntryAt: last.length > 0 ? Math.max(...last) : null,
      embed: embedCode(form.id),
    };
  });
}

/** A form that cannot take its payments as the site is set, and why. */
export type FormPaymentProblem = { id: number; title: string; problem: string };

/** Every form that cannot take its payments as the site is set (Settings → Payments). */
export async function formsWithPaymentProblems(
  db: Db,
  site: SitePayments,
): Promise<FormPaymentProblem[]> {
  return (await listForms(db)).flatMap((form) => {
    const problem = formPaymentProblem(form.definition, site);
    return problem ? [{ id: form.id, title: form.definition.title, problem }] : [];
  });
}
