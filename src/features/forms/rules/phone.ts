import { moreMessages } from '../more-messages.ts';

/**
 * Reads a phone number as libphonenumber-js does: valid or not, and its E.164 form. The
 * server passes the parser with full metadata; the browser passes it once the phone field's
 * code has loaded (until then the server's check is the only one).
 */
export type PhoneParser = (number: string, country: string) => { valid: boolean; e164?: string };

export function phoneError(
  number: string,
  country: string,
  parse: PhoneParser | undefined,
): string | undefined {
  const text = number.trim();
  if (text === '') return undefined;
  if (!/^[+\d\s().\-/]{3,40}$/.test(text) || !/\d/.test(text)) return moreMessages.phone;
  if (!parse) return undefined;
  return parse(text, country).valid ? undefined : moreMessages.phone;
}
