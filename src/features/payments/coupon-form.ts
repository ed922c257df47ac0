import { fill } from '../../platform/fill-message.ts';
import { fromZonedInputs, toZonedInputs } from '../../platform/time-zone.ts';
import type { CouponRules } from './coupon-rules.ts';
import { type CurrencyFormat, formatAmount, formatNumber, parseAmount } from './currency.ts';
import { couponAdminMessages as m } from './messages.ts';

/**
 * A coupon's terms as an owner writes them (the admin's Coupons screen, the command line): a
 * percentage such as 15 or 12.5, or an amount in the currency's main unit such as 5 or 12.50;
 * days of the site's time zone, the last one included. Stored as hundredths of a percent, whole
 * smallest units and instants.
 */

/** `15` or `12.5` percent as hundredths of a percent, without floats; undefined if not one. */
export function percentHundredths(text: string): number | undefined {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths >= 1 && hundredths <= 10000 ? hundredths : undefined;
}

/** An amount as typed in the main unit (`5`, `12.50`), in smallest units; undefined if not one. */
export function mainUnitAmount(text: string, currency: CurrencyFormat): number | undefined {
  const trimmed = text.trim();
  if (!/^\d[\d.,\s]*$/.test(trimmed)) return undefined;
  const amount = parseAmount(trimmed, currency);
  return amount !== undefined && amount > 0 ? amount : undefined;
}

/** The start of a day (`YYYY-MM-DD`) in the time zone, or undefined. */
export const dayStart = (day: string, timeZone: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day.trim()) ? fromZonedInputs(day, '00:00', timeZone) : undefined;

/** The end of a day in the time zone: the start of the next, or undefined. */
export function dayEnd(day: string, timeZone: string): number | undefined {
  if (dayStart(day, timeZone) === undefined) return undefined;
  const next = new Date(`${day.trim()}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return dayStart(next.toISOString().slice(0, 10), timeZone);
}

/** What the coupon form holds, as typed. */
export type CouponFormValues = {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  /** A form's id, or empty for every form. */
  formId: string;
  maxUses: string;
  startsOn: string;
  endsOn: string;
};

export const emptyCouponForm: CouponFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  formId: '',
  maxUses: '',
  startsOn: '',
  endsOn: '',
};

export type CouponFormReading =
  | { ok: true; rules: CouponRules }
  | { ok: false; errors: Partial<Record<keyof CouponFormValues, string>> };

/** The terms the form's values name, or each wrong value's message. */
export function readCouponForm(
  values: CouponFormValues,
  site: { currency: CurrencyFormat; timeZone: string; formIds: readonly number[] },
): CouponFormReading {
  const errors: Partial<Record<keyof CouponFormValues, string>> = {};
  const amount =
    values.kind === 'percent'
      ? percentHundredths(values.value)
      : mainUnitAmount(values.value, site.currency);
  if (amount === undefined) {
    errors.value =
      values.kind === 'percent'
        ? m.percentWrong
        : fill(m.amountWrong, { example: formatAmount(500, site.currency) });
  }
  const formId = values.formId === '' ? undefined : Number(values.formId);
  if (formId !== undefined && !site.formIds.includes(formId)) errors.formId = m.formWrong;
  const maxUses = values.maxUses.trim() === '' ? undefined : Number(values.maxUses.trim());
  if (maxUses !== undefined && (!Number.isSafeInteger(maxUses) || maxUses < 1)) {
    errors.maxUses = m.usesWrong;
  }
  const startsAt =
    values.startsOn.trim() === '' ? undefined : dayStart(values.startsOn, site.timeZone);
  if (values.startsOn.trim() !== '' && startsAt === undefined) errors.startsOn = m.dayWrong;
  const endsAt = values.endsOn.trim() === '' ? undefined : dayEnd(values.endsOn, site.timeZone);
  if (values.endsOn.trim() !== '' && endsAt === undefined) errors.endsOn = m.dayWrong;
  if (startsAt !== undefined && endsAt !== undefined && endsAt <= startsAt) {
    errors.endsOn = m.endsBeforeStart;
  }
  if (Object.keys(errors).length > 0 || amount === undefined) return { ok: false, errors };
  return {
    ok: true,
    rules: { kind: values.kind, amount, formId, maxUses, startsAt, endsAt },
  };
}

/** A stored coupon as the form shows it for a change. */
export function couponFormValuesOf(
  coupon: {
    code: string;
    kind: 'percent' | 'fixed';
    amount: number;
    form_id: number | null;
    max_uses: number | null;
    starts_at: number | null;
    ends_at: number | null;
  },
  currency: CurrencyFormat,
  timeZone: string,
): CouponFormValues {
  const amount = Number(coupon.amount);
  return {
    code: coupon.code,
    kind: coupon.kind,
    value:
      coupon.kind === 'percent'
        ? String(amount / 100)
        : formatNumber(amount, { ...currency, thousandsSeparator: '' }),
    formId: coupon.form_id === null ? '' : String(coupon.form_id),
    maxUses: coupon.max_uses === null ? '' : String(coupon.max_uses),
    startsOn:
      coupon.starts_at === null ? '' : toZonedInputs(Number(coupon.starts_at), timeZone).date,
    // The stored end is the start of the day after the last: the form shows the last day.
    endsOn: coupon.ends_at === null ? '' : toZonedInputs(Number(coupon.ends_at) - 1, timeZone).date,
  };
}
