import { paymentMessages } from './messages.ts';

/** A coupon's terms, as the owner sets them (the admin's Coupons screen, the CLI). */
export type CouponRules = {
  kind: 'percent' | 'fixed';
  /** Hundredths of a percent (1500 = 15%), or the currency's smallest unit. */
  amount: number;
  formId?: number | undefined;
  maxUses?: number | undefined;
  startsAt?: number | undefined;
  endsAt?: number | undefined;
};

/** Why a coupon's terms cannot be kept as given, or undefined. */
export function couponRulesProblem(rules: CouponRules): string | undefined {
  if (!Number.isSafeInteger(rules.amount) || rules.amount <= 0) {
    return paymentMessages.couponAmountPositive;
  }
  if (rules.kind === 'percent' && rules.amount > 10000) return paymentMessages.couponPercentRange;
  if (rules.maxUses !== undefined && (!Number.isSafeInteger(rules.maxUses) || rules.maxUses < 1)) {
    return paymentMessages.couponUsesRange;
  }
  if (
    rules.startsAt !== undefined &&
    rules.endsAt !== undefined &&
    rules.endsAt <= rules.startsAt
  ) {
    return paymentMessages.couponEndsBeforeStart;
  }
  return undefined;
}
