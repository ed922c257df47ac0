import { asPart, type FieldInput } from '../field-values.ts';
import type { FieldOfType } from '../form-definition.ts';
import { formMessages } from '../messages.ts';
import { requiredError } from './required.ts';

/**
 * The card checks the seed asks for in the browser (§4: Luhn and the brand's lengths), and
 * expiry and CVC. The card itself never leaves the browser for Quire's server: these only
 * decide whether to hand it to the payment provider's script.
 */

type Brand = { name: string; pattern: RegExp; lengths: readonly number[]; cvcLength: number };

/** Brands by their number prefixes (IIN ranges) and the lengths their numbers have. */
const brands: readonly Brand[] = [
  { name: 'amex', pattern: /^3[47]/, lengths: [15], cvcLength: 4 },
  {
    name: 'diners',
    pattern: /^3(?:0[0-5]|[689])/,
    lengths: [14, 15, 16, 17, 18, 19],
    cvcLength: 3,
  },
  { name: 'jcb', pattern: /^35(?:2[89]|[3-8])/, lengths: [16, 17, 18, 19], cvcLength: 3 },
  {
    name: 'discover',
    pattern: /^(?:6011|64[4-9]|65)/,
    lengths: [16, 17, 18, 19],
    cvcLength: 3,
  },
  { name: 'unionpay', pattern: /^62/, lengths: [16, 17, 18, 19], cvcLength: 3 },
  {
    name: 'mastercard',
    pattern: /^(?:5[1-5]|2(?:2(?:2[1-9]|[3-9])|[3-6]|7(?:[01]|20)))/,
    lengths: [16],
    cvcLength: 3,
  },
  {
    name: 'maestro',
    pattern: /^(?:5[06-9]|6[37])/,
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
    cvcLength: 3,
  },
  { name: 'visa', pattern: /^4/, lengths: [13, 16, 19], cvcLength: 3 },
];

/** The digits of a card number as typed, spaces and dashes dropped. */
export const cardDigits = (text: string) => text.replace(/[\s-]/g, '');

/** The card's brand by its first digits, or undefined when none matches. */
export function cardBrand(number: string): string | undefined {
  const digits = cardDigits(number);
  return brands.find((brand) => brand.pattern.test(digits))?.name;
}

/** The Luhn checksum over the digits (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Seed §4: "Please enter a valid credit card number." unless Luhn and the brand's length pass. */
export function cardNumberError(number: string): string | undefined {
  const digits = cardDigits(number);
  const brand = brands.find((candidate) => candidate.pattern.test(digits));
  const lengthFits = brand
    ? brand.lengths.includes(digits.length)
    : digits.length >= 12 && digits.length <= 19;
  return passesLuhn(digits) && lengthFits ? undefined : formMessages.creditCard;
}

/** `MM/YY` (or `MM/YYYY`), a real month, and not before the current month. */
export function cardExpiryError(text: string, now = new Date()): string | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return formMessages.cardExpiry;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return formMessages.cardExpiry;
  const current = now.getFullYear() * 12 + now.getMonth();
  const expires = year * 12 + (month - 1);
  // A card is valid through the end of its month; twenty years ahead is no card's expiry.
  return expires < current || expires > current + 20 * 12 ? formMessages.cardExpiry : undefined;
}

/** 3 digits, or 4 for the brands that print 4 (American Express). */
export function cardCvcError(cvc: string, number: string): string | undefined {
  const digits = cardDigits(number);
  const expected = brands.find((brand) => brand.pattern.test(digits))?.cvcLength ?? 3;
  return new RegExp(`^\\d{${expected}}$`).test(cvc.trim()) ? undefined : formMessages.cardCvc;
}

/**
 * The card field. In the browser its number, expiry and code are checked (seed §5: Luhn and
 * the brand's lengths); on the server only what the browser may send is left: the provider's
 * token, the brand and the last 4 digits, checked for their shape.
 */
export function checkCardField(
  field: FieldOfType<'payment-credit-card'>,
  input: FieldInput | undefined,
  report: (message: string | undefined, part?: string) => void,
  now = new Date(),
) {
  const number = asPart(input, 'number');
  const expiry = asPart(input, 'expiry');
  const cvc = asPart(input, 'cvc');
  const token = asPart(input, 'token');
  const brand = asPart(input, 'brand');
  const last4 = asPart(input, 'last4');
  if (
    token.length > 255 ||
    !/^[\w-]*$/.test(token) ||
    !/^[a-z]{0,20}$/.test(brand) ||
    !/^(?:\d{4})?$/.test(last4)
  ) {
    return report(formMessages.invalidChoice);
  }
  if (number === '' && expiry === '' && cvc === '') {
    if (field.required && token === '' && last4 === '') {
      report(requiredError(''), 'number');
    }
    return;
  }
  report(cardNumberError(number), 'number');
  report(cardExpiryError(expiry, now), 'expiry');
  report(cardCvcError(cvc, number), 'cvc');
}
