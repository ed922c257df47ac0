/**
 * The money of an order (seed §3 Order summary), whatever it is an order of: rows with a
 * quantity and a unit price, a coupon's discount and the total, all whole numbers of the
 * currency's smallest unit. Forms turn their priced fields into rows (forms/order-summary.ts);
 * the browser computes the summary to show it, the server again to decide it.
 */

/** Largest total an order may reach: well inside whole numbers a double holds exactly. */
export const maxOrderTotal = 100_000_000_000_000;

export type OrderRow = {
  fieldId: number;
  /** The field's label. */
  label: string;
  /** The chosen choice's label; empty for a single item. */
  choice: string;
  quantity: number;
  unitPrice: number;
  amount: number;
};

/** A coupon as its terms apply to a total: a percentage in hundredths (1500 = 15%) or an amount. */
export type CouponTerms = { code: string; kind: 'percent' | 'fixed'; amount: number };

export type OrderSummary = {
  rows: OrderRow[];
  subtotal: number;
  coupon: { code: string; discount: number } | undefined;
  total: number;
};

/** The discount a coupon gives on a subtotal: never more than the subtotal, rounded half up. */
export function couponDiscount(coupon: CouponTerms, subtotal: number): number {
  if (coupon.kind === 'fixed') return Math.min(coupon.amount, subtotal);
  const discount = Number((BigInt(subtotal) * BigInt(coupon.amount) + 5000n) / 10000n);
  return Math.min(discount, subtotal);
}

/** The summary of an order's rows with the coupon applied. */
export function summariseOrder(rows: OrderRow[], coupon?: CouponTerms): OrderSummary {
  const subtotal = rows.reduce((sum, row) => sum + row.amount, 0);
  const discount = coupon ? couponDiscount(coupon, subtotal) : 0;
  return {
    rows,
    subtotal,
    coupon: coupon ? { code: coupon.code, discount } : undefined,
    total: subtotal - discount,
  };
}

/** A coupon code as typed, in the one spelling codes are kept in: upper case, no spaces. */
export const normaliseCouponCode = (text: string) => text.trim().toUpperCase();

/** Codes are letters, digits, hyphens and underscores, at most 40. */
export const isCouponCodeShape = (code: string) => /^[A-Z0-9_-]{1,40}$/.test(code);
