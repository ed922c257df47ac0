import { z } from 'zod';
import { listForms } from '../features/forms/server/forms-store.ts';
import {
  type CouponFormValues,
  couponFormValuesOf,
  emptyCouponForm,
  readCouponForm,
} from '../features/payments/coupon-form.ts';
import type { CurrencyFormat } from '../features/payments/currency.ts';
import { couponAdminMessages as m } from '../features/payments/messages.ts';
import { currencyOf } from '../features/payments/payment-settings.ts';
import {
  CouponProblem,
  type CouponRow,
  couponRefusal,
  createCoupon,
  deleteCoupon,
  findCoupon,
  listCoupons,
  updateCoupon,
} from '../features/payments/server/coupons.ts';
import type { CouponEditor, CouponListItem } from '../features/payments/ui/CouponsPage.tsx';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { fill } from '../platform/fill-message.ts';
import { seeOther } from './admin-api.ts';
import type { AdminPage } from './admin-page.ts';
import { ownerPost } from './owner-action.ts';

type Notice = { kind: 'done' | 'error'; message: string };

/** What both coupon screens show beside the coupons: the forms, the currency, the time zone. */
export async function couponScreenContext(admin: AdminPage) {
  const { app } = admin;
  const [forms, settings, site] = await Promise.all([
    listForms(app.database.db),
    app.payments.settings(),
    readSiteSettings(app.database.db, app.log),
  ]);
  return {
    forms: forms.map((form) => ({ id: form.id, title: form.definition.title })),
    currency: currencyOf(settings),
    timeZone: site.timeZone,
  };
}

type ScreenContext = Awaited<ReturnType<typeof couponScreenContext>>;

/** Every coupon as the list shows it, with why it cannot be used now. */
export async function couponList(admin: AdminPage, now = Date.now()): Promise<CouponListItem[]> {
  return (await listCoupons(admin.app.database.db)).map((coupon) => {
    // Judged for its own form (or any): only its dates and uses can refuse it.
    const refusal = couponRefusal(coupon, coupon.form_id ?? 0, now);
    return {
      id: coupon.id,
      code: coupon.code,
      kind: coupon.kind,
      amount: Number(coupon.amount),
      formId: coupon.form_id,
      maxUses: coupon.max_uses,
      uses: coupon.uses,
      startsAt: coupon.starts_at === null ? null : Number(coupon.starts_at),
      endsAt: coupon.ends_at === null ? null : Number(coupon.ends_at),
      state:
        refusal === 'expired' || refusal === 'used-up' || refusal === 'not-yet'
          ? refusal
          : undefined,
    };
  });
}

/** The change form of a stored coupon. */
export const couponEditorOf = (
  coupon: CouponRow,
  context: { currency: CurrencyFormat; timeZone: string },
): CouponEditor & { id: number } => ({
  id: coupon.id,
  values: couponFormValuesOf(coupon, context.currency, context.timeZone),
  errors: {},
});

export const newCouponEditor: CouponEditor = { id: undefined, values: emptyCouponForm, errors: {} };

const text = z.string().catch('');
const couponInput = z.object({
  action: z.enum(['add', 'save', 'delete']).catch('add'),
  confirm: z.string().optional().catch(undefined),
  code: text,
  kind: z.enum(['percent', 'fixed']).catch('percent'),
  value: text,
  formId: text,
  maxUses: text,
  startsOn: text,
  endsOn: text,
});

export type CouponActionOutcome =
  | { kind: 'done'; redirect: Response }
  | { kind: 'refused'; status: number; notice: Notice; editor?: CouponEditor }
  | { kind: 'confirm' };

/**
 * An owner's change to the coupons: add one (`/admin/coupons`), or change or delete one
 * (`/admin/coupons/{id}`, a deletion only once confirmed). Done, it goes back to the list with
 * a notice; a refused value comes back in its place with its message, nothing typed lost.
 */
export async function postCouponAction(
  admin: AdminPage,
  request: Request,
  context: ScreenContext & { id?: number },
): Promise<CouponActionOutcome> {
  const { app } = admin;
  const db = app.database.db;
  const write = await ownerPost(admin, request, { permission: 'payments', input: couponInput });
  if (!write.ok) {
    return {
      kind: 'refused',
      status: write.status,
      notice: { kind: 'error', message: write.message },
    };
  }
  const { action, confirm, ...typed } = write.input;
  const values: CouponFormValues = typed;
  const done = (notice: string, code: string) => ({
    kind: 'done' as const,
    redirect: seeOther(`/admin/coupons?notice=${notice}&code=${encodeURIComponent(code)}`),
  });
  const stored = context.id === undefined ? undefined : await findCoupon(db, context.id);
  if (context.id !== undefined && !stored) {
    return { kind: 'refused', status: 404, notice: { kind: 'error', message: m.gone } };
  }
  if (action === 'delete' && stored) {
    if (confirm !== 'yes') return { kind: 'confirm' };
    await deleteCoupon(db, stored.id);
    app.log.info(`Coupons: ${stored.code} deleted by administrator ${admin.userId}`);
    return done('deleted', stored.code);
  }
  const reading = readCouponForm(values, {
    currency: context.currency,
    timeZone: context.timeZone,
    formIds: context.forms.map((form) => form.id),
  });
  const refused = (message: string, errors: CouponEditor['errors'] = {}) => ({
    kind: 'refused' as const,
    status: 422,
    notice: { kind: 'error' as const, message },
    editor: { id: stored?.id, values: stored ? { ...values, code: stored.code } : values, errors },
  });
  if (!reading.ok) return refused(m.fixErrors, reading.errors);
  try {
    if (stored) {
      if (!(await updateCoupon(db, stored.id, reading.rules))) {
        return { kind: 'refused', status: 404, notice: { kind: 'error', message: m.gone } };
      }
      app.log.info(`Coupons: ${stored.code} changed by administrator ${admin.userId}`);
      return done('saved', stored.code);
    }
    await createCoupon(db, { ...reading.rules, code: values.code });
    app.log.info(`Coupons: ${values.code.toUpperCase()} added by administrator ${admin.userId}`);
    return done('added', values.code.trim().toUpperCase());
  } catch (error) {
    if (!(error instanceof CouponProblem)) throw error;
    const field = stored ? 'maxUses' : 'code';
    return refused(m.fixErrors, { [field]: error.message });
  }
}

/** The notice a redirect after a change carries (`?notice=added&code=SPRING`). */
export function couponDoneNotice(params: URLSearchParams): Notice | undefined {
  const code = params.get('code') ?? '';
  const notice = params.get('notice');
  if (notice !== 'added' && notice !== 'saved' && notice !== 'deleted') return undefined;
  return { kind: 'done', message: fill(m[notice], { code }) };
}
