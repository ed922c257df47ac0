/** What the HTTP front answers in plain text, before any page is rendered. */
export const httpMessages = {
  addressTooLong: 'The address is too long.',
  queryTooLong: 'The query string is too long.',
  badlyEncoded: 'The address is not correctly encoded.',
  invalidAddress: 'The address is not valid.',
  methodNotAllowed: (allowed: string) =>
    `This address does not accept that kind of request (it takes ${allowed}).`,
  bodyTooLarge: 'The request is too large.',
  bodyTimeout: 'The request took too long to arrive. Please try again.',
  crossSiteForm:
    'This form was sent from another site, so it was refused. Please send it from this site’s own page.',
  serverError: 'Something went wrong on our side. Please try again.',
  busy: 'The site is busy right now. Please try again in a moment.',
} as const;
