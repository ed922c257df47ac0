import { countryShortCodes, countryTuples } from 'country-region-data';
import { toZonedInputs } from '../../../platform/time-zone.ts';
import type { CurrencyFormat } from '../../payments/currency.ts';
import type { RuleContext } from '../field-rules.ts';
import type { FormValues } from '../field-values.ts';
import type { FormDefinition } from '../form-definition.ts';
import { checkMoreField } from '../more-field-rules.ts';
import { loadPasswordScorer } from '../password-strength.ts';
import { type PasswordScorer, passwordUserInputs } from '../rules/password.ts';
import type { PhoneParser } from '../rules/phone.ts';

/** Every country an address or phone may name: the maintained list of country-region-data. */
export const knownCountries: ReadonlySet<string> = new Set(countryShortCodes);

/** Countries by name and code, in the list's (alphabetical) order. */
export const countryList: ReadonlyArray<readonly [string, string]> = countryTuples;

let phoneParser: Promise<PhoneParser> | undefined;
let passwordScorer: Promise<PasswordScorer> | undefined;

/** libphonenumber-js with its full metadata, loaded when a phone number first comes in. */
function loadPhoneParser(): Promise<PhoneParser> {
  phoneParser ??= import('libphonenumber-js/max').then(
    ({ parsePhoneNumberFromString }) =>
      (number, country) => {
        const parsed = parsePhoneNumberFromString(number, {
          defaultCountry: country as never,
          extract: false,
        });
        return parsed?.isValid() ? { valid: true, e164: parsed.number } : { valid: false };
      },
  );
  return phoneParser;
}

function scorer(): Promise<PasswordScorer> {
  passwordScorer ??= loadPasswordScorer();
  return passwordScorer;
}

/** The site's date in its time zone, `yyyy-mm-dd`: "today" for date fields. */
export const siteToday = (timeZone: string, now = Date.now()) => toZonedInputs(now, timeZone).date;

/**
 * What the server's rules need for one submission: the site's today, the country list, and
 * the phone and password libraries when the form has such fields (loaded once, on first use).
 */
export async function serverRuleContext(
  definition: FormDefinition,
  values: FormValues,
  options: { currency: CurrencyFormat; timeZone: string; now: number },
): Promise<RuleContext> {
  const types = new Set(definition.fields.map((f) => f.type));
  const strength = definition.fields.some((f) => f.type === 'password' && f.strengthLevel);
  return {
    currency: options.currency,
    moreRules: checkMoreField,
    today: siteToday(options.timeZone, options.now),
    countries: knownCountries,
    phone: types.has('phone') ? await loadPhoneParser() : undefined,
    passwordScore: strength ? await scorer() : undefined,
    userInputs: strength ? passwordUserInputs(definition, values) : [],
  };
}
