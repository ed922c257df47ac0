import type { Transaction } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { Database } from '../../../platform/db/schema.ts';
import { type CouponRules, couponRulesProblem } from '../coupon-rules.ts';
import { paymentMessages } from '../messages.ts';
import type { CouponCheck } from '../order-payments.ts';
import { isCouponCodeShape, normaliseCouponCode } from '../order-pricing.ts';

/**
 * Coupons: a code worth a percentage or a fixed amount off an order, for one form or every
 * form, within a date window, for a number of uses. An order holds one use from the
 * transaction that stores it, taken by one conditional update so two visitors can never both
 * take the last one, and gives it back only if it finally fails (record-payment.ts).
 */

export type NewCoupon = CouponRules & { code: string };

export type CouponRow = {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  form_id: number | null;
  max_uses: number | null;
  uses: number;
  starts_at: number | null;
  ends_at: number | null;
  created_at: number;
};

/** Why a code cannot be used on this form now, for the owner and the log only. */
export function couponRefusal(coupon: CouponRow | undefined, formId: number, now: number) {
  if (!coupon) return 'unknown';
  if (coupon.form_id !== null && coupon.form_id !== formId) return 'other-form';
  if (coupon.starts_at !== null && now < Number(coupon.starts_at)) return 'not-yet';
  if (coupon.ends_at !== null && now >= Number(coupon.ends_at)) return 'expired';
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return 'used-up';
  return undefined;
}

/**
 * Whether a code may be used on this form now, and what it is worth. Unknown, used up, out of
 * its dates and another form's codes all get the same answer, so trying codes tells nobody
 * which exist.
 */
export async function checkCoupon(
  db: Db | Transaction<Database>,
  formId: number,
  typed: string,
  now: number,
): Promise<CouponCheck> {
  const code = normaliseCouponCode(typed);
  const refused = { ok: false, message: paymentMessages.couponInvalid } as const;
  if (!isCouponCodeShape(code)) return refused;
  const coupon = (await db
    .selectFrom('form_coupons')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst()) as CouponRow | undefined;
  if (!coupon || couponRefusal(coupon, formId, now)) return refused;
  return {
    ok: true,
    id: coupon.id,
    terms: { code: coupon.code, kind: coupon.kind, amount: Number(coupon.amount) },
  };
}

/** Takes one use of a coupon; false when its last use is gone (the caller rolls back). */
export async function holdCouponUse(
  trx: Transaction<Database>,
  couponId: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('form_coupons')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Why a coupon cannot be created as given, or undefined. */
export function newCouponProblem(coupon: NewCoupon): string | undefined {
  const code = normaliseCouponCode(coupon.code);
  if (!isCouponCodeShape(code)) return paymentMessages.couponCodeShape;
  return couponRulesProblem(coupon);
}

export class CouponProblem extends Error {}

export async function createCoupon(db: Db, coupon: NewCoupon, now = Date.now()): Promise<number> {
  const problem = newCouponProblem(coupon);
  if (problem) throw new CouponProblem(problem);
  const code = normaliseCouponCode(coupon.code);
  const row = await db
    .insertInto('form_coupons')
    .values({
      code,
      kind: coupon.kind,
      amount: coupon.amount,
      form_id: coupon.formId ?? null,
      max_uses: coupon.maxUses ?? null,
      starts_at: coupon.startsAt ?? null,
      ends_at: coupon.endsAt ?? null,
      created_at: now,
    })
    .onConflict((c) => c.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new CouponProblem(paymentMessages.couponCodeTaken);
  return row.id;
}

export async function listCoupons(db: Db): Promise<CouponRow[]> {
  return (await db.selectFrom('form_coupons').selectAll().orderBy('code').execute()) as CouponRow[];
}

/**
 * Changes a coupon's terms (its code stays: orders keep it). A limit below the uses already
 * taken is refused: those orders exist.
 */
export async function updateCoupon(db: Db, id: number, rules: CouponRules): Promise<boolean> {
  const problem = couponRulesProblem(rules);
  if (problem) throw new CouponProblem(problem);
  const current = await db
    .selectFrom('form_coupons')
    .select('uses')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return false;
  if (rules.maxUses !== undefined && rules.maxUses < current.uses) {
    throw new CouponProblem(paymentMessages.couponLimitBelowUses);
  }
  const result = await db
    .updateTable('form_coupons')
    .set({
      kind: rules.kind,
      amount: rules.amount,
      form_id: rules.formId ?? null,
      max_uses: rules.maxUses ?? null,
      starts_at: rules.startsAt ?? null,
      ends_at: rules.endsAt ?? null,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findCoupon(db: Db, id: number): Promise<CouponRow | undefined> {
  return (await db
    .selectFrom('form_coupons')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as CouponRow | undefined;
}

/** Removes a coupon by code or id; orders that used it keep its code. */
export async function deleteCoupon(db: Db, which: string | number): Promise<boolean> {
  const result = await db
    .deleteFrom('form_coupons')
    .where(
      typeof which === 'number'
        ? (eb) => eb('id', '=', which)
        : (eb) => eb('code', '=', normaliseCouponCode(which)),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
