import { describe, expect, it } from 'vitest';
import { formMessages } from '../messages.ts';
import {
  cardBrand,
  cardCvcError,
  cardExpiryError,
  cardNumberError,
  passesLuhn,
} from './credit-card.ts';

// The test numbers the card networks and providers publish: they pass Luhn and charge nothing.
const valid = {
  visa: '4242 4242 4242 4242',
  visa13: '4222222222222',
  mastercard: '5555-5555-5555-4444',
  mastercard2: '2223003122003222',
  amex: '378282246310005',
  discover: '6011111111111117',
  diners: '3056930009020004',
  jcb: '3566002020360505',
  unionpay: '6200000000000005',
};

describe('credit card checks', () => {
  it('knows the brand by the first digits', () => {
    expect(Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, cardBrand(v)]))).toEqual({
      visa: 'visa',
      visa13: 'visa',
      mastercard: 'mastercard',
      mastercard2: 'mastercard',
      amex: 'amex',
      discover: 'discover',
      diners: 'diners',
      jcb: 'jcb',
      unionpay: 'unionpay',
    });
  });

  it('passes published test numbers and the Luhn checksum', () => {
    for (const number of Object.values(valid)) expect(cardNumberError(number)).toBeUndefined();
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });

  it('refuses a wrong digit, a wrong length for the brand, and letters', () => {
    expect(cardNumberError('4242 4242 4242 4241')).toBe(formMessages.creditCard);
    // Luhn-valid, but an American Express number has 15 digits, not 16.
    expect(passesLuhn('3782822463100003')).toBe(true);
    expect(cardNumberError('3782822463100003')).toBe(formMessages.creditCard);
    expect(cardNumberError('4242 4242 4242 424a')).toBe(formMessages.creditCard);
    expect(cardNumberError('')).toBe(formMessages.creditCard);
    // A Visa number of 15 digits that passes Luhn: not a length Visa issues.
    expect(passesLuhn('424242424242424')).toBe(true);
    expect(cardNumberError('424242424242424')).toBe(formMessages.creditCard);
    expect(formMessages.creditCard).toBe('Please enter a valid credit card number.');
  });

  it('takes an expiry from this month on, as MM/YY or MM/YYYY', () => {
    const now = new Date(2026, 10, 26);
    expect(cardExpiryError('11/26', now)).toBeUndefined();
    expect(cardExpiryError('1/27', now)).toBeUndefined();
    expect(cardExpiryError('12 / 2030', now)).toBeUndefined();
    expect(cardExpiryError('10/26', now)).toBe(formMessages.cardExpiry);
    expect(cardExpiryError('13/27', now)).toBe(formMessages.cardExpiry);
    expect(cardExpiryError('00/27', now)).toBe(formMessages.cardExpiry);
    expect(cardExpiryError('11/60', now)).toBe(formMessages.cardExpiry);
    expect(cardExpiryError('next year', now)).toBe(formMessages.cardExpiry);
  });

  it('wants 4 security digits for American Express and 3 for the others', () => {
    expect(cardCvcError('123', valid.visa)).toBeUndefined();
    expect(cardCvcError('1234', valid.amex)).toBeUndefined();
    expect(cardCvcError('123', valid.amex)).toBe(formMessages.cardCvc);
    expect(cardCvcError('1234', valid.visa)).toBe(formMessages.cardCvc);
    expect(cardCvcError('12a', valid.visa)).toBe(formMessages.cardCvc);
  });
});
