import type { RuleContext } from '../field-rules.ts';
import type { FormValues } from '../field-values.ts';

/**
 * What the browser's field rules know beyond a field's input, filled in as the field code that
 * provides it loads: the site's today, the country list, the phone and password libraries.
 * A rule whose helper has not loaded yet is left to the server.
 */
export const fieldEnvironment: RuleContext & {
  /** The answers a password should not be made of, once a password field has loaded its meter. */
  passwordInputs?: (values: FormValues) => string[];
} = {};
