import {
  AsYouType,
  type CountryCode,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import type { PhoneParser } from '../../rules/phone.ts';

/*
 * libphonenumber-js with its small metadata: a phone field loads it once its page is shown,
 * to check numbers as the server will and to write them in their country's format.
 */

export const parsePhone: PhoneParser = (number, country) => {
  const parsed = parsePhoneNumberFromString(number, { defaultCountry: country as CountryCode });
  return parsed?.isValid() ? { valid: true, e164: parsed.number } : { valid: false };
};

export function callingCode(country: string): string {
  try {
    return getCountryCallingCode(country as CountryCode);
  } catch {
    return '';
  }
}

/** A typed number in its country's usual spacing, or undefined while it is not a number. */
export function formatPhone(number: string, country: string): string | undefined {
  if (number.trim() === '') return undefined;
  const formatted = new AsYouType(country as CountryCode).input(number);
  return formatted || undefined;
}
