/**
 * How a bad setting is told: one line per variable, naming it and showing its value unless it
 * is a secret. Apart from config.ts, so that the serving supervisor reads its few settings
 * without loading the schema library (serving-settings.ts).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Variables whose whole value is a secret: an error names them, never shows them. */
const secretVariables = new Set([
  'QUIRE_SECRET',
  'QUIRE_ADMIN_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

/** Variables holding a URL that may carry a password: shown with the password as `***`. */
const urlVariables = new Set(['DATABASE_URL', 'MAIL_URL']);

/**
 * A URL as it may be shown in a log: the password of its user part (`user:***@`) and every
 * query value (libpq and nodemailer take passwords there too) replaced by `***`. A value too
 * broken to tell its parts apart is not shown at all.
 */
export function redactUrl(value: string): string {
  const match = /^([a-z][a-z0-9+.-]*:)(\/\/)?(.*)$/is.exec(value);
  if (!match) return '***';
  const [, scheme, slashes = '', rest = ''] = match;
  const { userPart, afterUser } = splitUserPart(rest);
  // Only a plain user name is shown; anything after it may be (part of) the password.
  const userName = /^[^:/?#]*/.exec(userPart ?? '')?.[0] ?? '';
  const shownUser =
    userPart === undefined ? '' : userName === userPart ? `${userName}@` : `${userName}:***@`;
  const query = afterUser.indexOf('?');
  const shownRest =
    query === -1
      ? afterUser
      : `${afterUser.slice(0, query)}${afterUser.slice(query).replace(/=[^&#]*/g, '=***')}`;
  return `${scheme}${slashes}${shownUser}${shownRest}`;
}

/**
 * A URL's part after `scheme://` split at its last @: a password may hold @ / ? or # itself,
 * and a host never holds an @.
 */
export function splitUserPart(rest: string): { userPart: string | undefined; afterUser: string } {
  const at = rest.lastIndexOf('@');
  return at === -1
    ? { userPart: undefined, afterUser: rest }
    : { userPart: rest.slice(0, at), afterUser: rest.slice(at + 1) };
}

/** How a variable's value may appear in an error message. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (secretVariables.has(name)) return '';
  const shown = urlVariables.has(name) ? redactUrl(value) : value;
  return `=${JSON.stringify(shown)}`;
}

/** One variable's problem, as a line of a ConfigError. */
export function invalidVariableLine(
  name: string,
  value: string | undefined,
  message: string,
): string {
  return `Invalid environment variable ${name}${shownValue(name, value)}: ${message}`;
}

/** The variables that are set: an empty value counts as not set. */
export function presentVariables(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => {
      const value = entry[1];
      return value !== undefined && value !== '';
    }),
  );
}
