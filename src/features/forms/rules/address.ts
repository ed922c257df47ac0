import { countriesWithoutStates } from '../field-kinds.ts';
import type { FieldOfType } from '../form-definition.ts';
import { formMessages } from '../messages.ts';
import { requiredError } from './required.ts';

export const addressParts = ['address1', 'address2', 'city', 'state', 'postal', 'country'] as const;
export type AddressPart = (typeof addressParts)[number];

/** Whether the state input is in use for a country (seed §4: not for GB, DE, CH and NL). */
export const hasStates = (country: string) => !countriesWithoutStates.includes(country);

/**
 * The rules of an address: the street, city, postcode and country when the field is
 * required, and the state too unless the country has none. `countries` holds the codes the
 * country list offers (the server always knows them; a browser once they have loaded).
 */
export function checkAddress(
  field: FieldOfType<'address'>,
  part: (name: AddressPart) => string,
  set: (message: string | undefined, part: AddressPart) => void,
  countries: ReadonlySet<string> | undefined,
) {
  const country = part('country');
  if (country !== '' && countries && !countries.has(country)) {
    set(formMessages.invalidChoice, 'country');
  }
  if (!field.required) return;
  for (const name of ['address1', 'city', 'postal', 'country'] as const) {
    set(requiredError(part(name)), name);
  }
  if (hasStates(country)) set(requiredError(part('state')), 'state');
}
