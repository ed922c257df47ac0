import { type CurrencyFormat, formatAmount } from '../features/payments/currency.ts';
import type { FormCouponsTable } from '../platform/db/schema.ts';

type CouponRow = Omit<FormCouponsTable, 'id' | 'uses'> & { id: number; uses: number };

const day = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ');

/** Coupons as a terminal shows them: one line each, with what they are worth and their limits. */
export function formatCoupons(coupons: readonly CouponRow[], currency: CurrencyFormat): string {
  if (coupons.length === 0) return 'No coupons.\n';
  const lines = coupons.map((coupon) => {
    const worth =
      coupon.kind === 'percent'
        ? `${(Number(coupon.amount) / 100).toString()}% off`
        : `${formatAmount(Number(coupon.amount), currency)} off`;
    const uses = `used ${coupon.uses}${coupon.max_uses === null ? '' : ` of ${coupon.max_uses}`}`;
    const form = coupon.form_id === null ? 'every form' : `form ${coupon.form_id}`;
    const window = [
      coupon.starts_at === null ? '' : `from ${day(Number(coupon.starts_at))} UTC`,
      coupon.ends_at === null ? '' : `until ${day(Number(coupon.ends_at))} UTC`,
    ]
      .filter(Boolean)
      .join(' ');
    return [coupon.code, worth, form, uses, window].filter(Boolean).join('  ');
  });
  return `${lines.join('\n')}\n`;
}
