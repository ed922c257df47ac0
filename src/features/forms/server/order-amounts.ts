import { fill } from '../../../platform/fill-message.ts';
import { currencyDigits } from '../../payments/currency.ts';
import { viewMessages } from '../view-messages.ts';
import type { EntryPayment } from './entry-queries.ts';

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
      `${fill(viewMessages.summaryCoupon, { code: payment.summary.coupon.code })}  -${amount(payment.summary.coupon.discount)}`,
    );
  }
  lines.push(`${viewMessages.summaryTotal}  ${amount(payment.total)}`);
  return lines;
}
