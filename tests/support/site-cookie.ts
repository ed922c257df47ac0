/** A cookie of the local test site, as Playwright's storage state describes it. */
export function siteCookie(name: string, value: string) {
  return {
    name,
    value,
    domain: '127.0.0.1',
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
}
