import { parseArgs } from 'node:util';
import { type CurrencyFormat, parseAmount } from '../features/payments/currency.ts';
import type { NewCoupon } from '../features/payments/server/coupons.ts';
import { fromZonedInputs } from '../platform/time-zone.ts';
import { UsageError } from './usage-error.ts';

export type CouponsCommand =
  | { action: 'list' }
  | { action: 'add'; coupon: NewCoupon }
  | { action: 'delete'; code: string };

const wholeNumber = /^\d{1,9}$/;

/** `15` or `12.5` percent as hundredths of a percent, without floats. */
function percentHundredths(text: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  const hundredths = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
  if (!match || hundredths < 1 || hundredths > 10000) {
    throw new UsageError(
      `--percent is a number above 0 and at most 100, such as 15 or 12.5, not "${text}".`,
    );
  }
  return hundredths;
}

/** A date (`YYYY-MM-DD`) as the start of that day in the site's time zone. */
function dayStart(text: string, option: string, timeZone: string): number {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? fromZonedInputs(text, '00:00', timeZone)
    : undefined;
  if (start === undefined)
    throw new UsageError(`${option} takes a date as YYYY-MM-DD, not "${text}".`);
  return start;
}

/** The end of a date's day in the site's time zone: the start of the next. */
function dayEnd(text: string, option: string, timeZone: string): number {
  dayStart(text, option, timeZone);
  const next = new Date(`${text}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return dayStart(next.toISOString().slice(0, 10), option, timeZone);
}

/**
 * `coupons list`, `coupons delete <CODE>` and `coupons add <CODE> (--percent N | --amount X)
 * [--form N] [--uses N] [--from YYYY-MM-DD] [--until YYYY-MM-DD]`: an amount in the site's
 * currency, dates as days of the site's time zone, `--until` the last day it may be used.
 */
export function parseCouponsArguments(
  args: string[],
  site: { currency: CurrencyFormat; timeZone: string },
): CouponsCommand {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args,
      options: {
        percent: { type: 'string' },
        amount: { type: 'string' },
        form: { type: 'string' },
        uses: { type: 'string' },
        from: { type: 'string' },
        until: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`coupons: ${message.split(/(?<=\.) /)[0]}`);
  }
  const { values, positionals } = parsed;
  const [action, code, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`coupons takes no "${extra[0]}".`);
  if (action === 'list' && code === undefined) return { action: 'list' };
  if (action === 'delete' && code) return { action: 'delete', code };
  if (action !== 'add' || !code) {
    throw new UsageError(
      'use: coupons list, coupons add <CODE> --percent N | --amount X, or coupons delete <CODE>',
    );
  }
  if ((values.percent === undefined) === (values.amount === undefined)) {
    throw new UsageError('coupons add takes one of --percent N or --amount X.');
  }
  let kind: NewCoupon['kind'] = 'percent';
  let amount: number;
  if (values.percent !== undefined) amount = percentHundredths(values.percent);
  else {
    kind = 'fixed';
    const parsedAmount = parseAmount(values.amount ?? '', site.currency);
    if (!parsedAmount || !/^[\d.,]+$/.test(values.amount ?? '')) {
      throw new UsageError(
        `--amount is an amount in ${site.currency.code} above 0, such as 5 or 12.50, not "${values.amount}".`,
      );
    }
    amount = parsedAmount;
  }
  const whole = (value: string | undefined, option: string) => {
    if (value === undefined) return undefined;
    if (!wholeNumber.test(value) || Number(value) < 1) {
      throw new UsageError(`${option} takes a whole number of at least 1, not "${value}".`);
    }
    return Number(value);
  };
  return {
    action: 'add',
    coupon: {
      code,
      kind,
      amount,
      formId: whole(values.form, '--form'),
      maxUses: whole(values.uses, '--uses'),
      startsAt:
        values.from === undefined ? undefined : dayStart(values.from, '--from', site.timeZone),
      endsAt:
        values.until === undefined ? undefined : dayEnd(values.until, '--until', site.timeZone),
    },
  };
}
