import { describe, expect, it } from 'vitest';
import { defaultCurrency } from '../features/payments/currency.ts';
import { parseCouponsArguments } from './coupons-arguments.ts';
import { UsageError } from './usage-error.ts';

const site = { currency: defaultCurrency, timeZone: 'Europe/Paris' };
const parse = (line: string) => parseCouponsArguments(line.split(' '), site);

describe('coupons arguments', () => {
  it('reads a percentage as hundredths and an amount in smallest units', () => {
    expect(parse('add spring --percent 12.5')).toEqual({
      action: 'add',
      coupon: {
        code: 'spring',
        kind: 'percent',
        amount: 1250,
        formId: undefined,
        maxUses: undefined,
        startsAt: undefined,
        endsAt: undefined,
      },
    });
    expect(parse('add FIVE --amount 5 --form 3 --uses 10')).toMatchObject({
      coupon: { kind: 'fixed', amount: 500, formId: 3, maxUses: 10 },
    });
  });

  it('takes dates as whole days of the site’s time zone, the last day included', () => {
    const command = parse('add X --percent 10 --from 2026-12-01 --until 2026-12-24');
    expect(command).toMatchObject({
      coupon: {
        startsAt: Date.UTC(2026, 10, 30, 23),
        endsAt: Date.UTC(2026, 11, 24, 23),
      },
    });
  });

  it('lists and deletes', () => {
    expect(parse('list')).toEqual({ action: 'list' });
    expect(parse('delete SPRING')).toEqual({ action: 'delete', code: 'SPRING' });
  });

  it('says what to write instead of a mistake', () => {
    for (const line of [
      'add X',
      'add X --percent 10 --amount 5',
      'add X --percent 120',
      'add X --percent 0',
      'add X --amount -5',
      'add X --amount abc',
      'add X --percent 10 --uses 0',
      'add X --percent 10 --from 01/12/2026',
      'rename X',
    ]) {
      expect(() => parse(line), line).toThrow(UsageError);
    }
  });
});
