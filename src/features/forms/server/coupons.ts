import type { Transaction } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { Database, FormCouponsTable } from '../../../platform/db/schema.ts';
import { formMessages } from '../messages.ts';
import { type CouponTerms, isCouponCodeShape, normaliseCouponCode } from '../order-summary.ts';
import { serverMessages } from './server-messages.ts';

/**
 * Coupons: a code worth a percentage or a fixed amount off an order, for one form or every
 * form, within a date window, for a number of uses. A use is taken in the transaction that
 * stores the entry, by one conditional update: two visitors can never both take the last one.
 */

export type NewCoupon = {
  code: string;
  kind: 'percent' | 'fixed';
  /** Hundredths of a percent (1500 = 15%), or the currency's smallest unit. */
  amount: number;
  formId?: number | undefined;
  maxUses?: number | undefined;
  startsAt?: number | undefined;
  endsAt?: number | undefined;
};

type CouponRow = Pick<
  FormCouponsTable,
  'code' | 'kind' | 'amount' | 'form_id' | 'max_uses' | 'starts_at' | 'ends_at'
> & { id: number; uses: number };

export type CouponCheck =
  | { ok: true; id: number; terms: CouponTerms }
  | { ok: false; message: string };

/** Whether a code may be used on this form now, and what it is worth. */
export async function checkCoupon(
  db: Db | Transaction<Database>,
  formId: number,
  typed: string,
  now: number,
): Promise<CouponCheck> {
  const code = normaliseCouponCode(typed);
  if (!isCouponCodeShape(code)) return { ok: false, message: formMessages.couponInvalid };
  const coupon = (await db
    .selectFrom('form_coupons')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst()) as CouponRow | undefined;
  if (!coupon) return { ok: false, message: formMessages.couponInvalid };
  if (coupon.form_id !== null && coupon.form_id !== formId) {
    return { ok: false, message: serverMessages.couponNotForForm };
  }
  if (coupon.starts_at !== null && now < coupon.starts_at) {
    return { ok: false, message: serverMessages.couponNotYet };
  }
  if (coupon.ends_at !== null && now >= coupon.ends_at) {
    return { ok: false, message: serverMessages.couponExpired };
  }
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) {
    return { ok: false, message: serverMessages.couponUsedUp };
  }
  return {
    ok: true,
    id: coupon.id,
    terms: { code: coupon.code, kind: coupon.kind, amount: Number(coupon.amount) },
  };
}

/** Takes one use of a coupon; false when its last use is gone (the caller rolls back). */
export async function takeCouponUse(
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
  if (!isCouponCodeShape(code)) {
    return 'A code is 1 to 40 letters, digits, hyphens or underscores.';
  }
  if (!Number.isSafeInteger(coupon.amount) || coupon.amount <= 0) {
    return 'The amount must be a whole number above 0.';
  }
  if (coupon.kind === 'percent' && coupon.amount > 10000) {
    return 'A percentage is at most 100 (10000 hundredths).';
  }
  if (
    coupon.maxUses !== undefined &&
    (!Number.isSafeInteger(coupon.maxUses) || coupon.maxUses < 1)
  ) {
    return 'The number of uses must be a whole number of at least 1.';
  }
  if (
    coupon.startsAt !== undefined &&
    coupon.endsAt !== undefined &&
    coupon.endsAt <= coupon.startsAt
  ) {
    return 'The coupon must end after it starts.';
  }
  return undefined;
}

export async function createCoupon(db: Db, coupon: NewCoupon, now = Date.now()): Promise<number> {
  const problem = newCouponProblem(coupon);
  if (problem) throw new Error(problem);
  const row = await db
    .insertInto('form_coupons')
    .values({
      code: normaliseCouponCode(coupon.code),
      kind: coupon.kind,
      amount: coupon.amount,
      form_id: coupon.formId ?? null,
      max_uses: coupon.maxUses ?? null,
      starts_at: coupon.startsAt ?? null,
      ends_at: coupon.endsAt ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listCoupons(db: Db) {
  return db.selectFrom('form_coupons').selectAll().orderBy('code').execute();
}

export async function deleteCoupon(db: Db, code: string): Promise<boolean> {
  const result = await db
    .deleteFrom('form_coupons')
    .where('code', '=', normaliseCouponCode(code))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
