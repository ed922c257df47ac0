import type { EntryPayment } from './entry-queries.ts';

/** Digits after the decimal point in an ISO 4217 currency (USD 2, JPY 0, KWD 3). */
export function currencyDigits(code: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * An amount of smallest units as a plain number a spreadsheet or a terminal reads the same in
 * every locale: `1234.50`, a dot and no grouping.
 */
export function plainAmount(minorUnits: number, currencyCode: string): string {
  const digits = currencyDigits(currencyCode);
  const text = String(Math.abs(minorUnits)).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const shown = digits > 0 ? `${whole}.${text.slice(text.length - digits)}` : whole;
  return minorUnits < 0 ? `-${shown}` : shown;
}

/** The order's rows as lines: `Workshop: Sourdough × 2  170.00`, then coupon and total. */
export function orderSummaryLines(payment: EntryPayment): string[] {
  const amount = (minor: number) => `${payment.currency} ${plainAmount(minor, payment.currency)}`;
  const lines = payment.summary.rows.map(
    (row) =>
      `${row.choice ? `${row.label}: ${row.choice}` : row.label} × ${row.quantity}  ${amount(row.amount)}`,
  );
  if (payment.summary.coupon) {
    lines.push(
      `Coupon ${payment.summary.coupon.code}  -${amount(payment.summary.coupon.discount)}`,
    );
  }
  lines.push(`Total  ${amount(payment.total)}`);
  return lines;
}
