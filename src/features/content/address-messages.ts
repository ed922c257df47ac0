/**
 * What the site says about its addresses (issue 29, point 5): why a redirect or a tag's new
 * name or address is refused, for the admin's screens, the command line and the import's plan
 * alike. Decision 0054.
 */

/** The thing visitors see at an address, as a refusal names it. */
export type LiveItem = { kind: 'post' | 'page' | 'tag'; title: string };

const liveItemName = (item: LiveItem) =>
  item.kind === 'tag' ? `the topic “${item.title}”` : `the ${item.kind} “${item.title}”`;

export const redirectRuleMessages = {
  fromEmpty: 'Enter the old address, such as /old-post/.',
  fromNotPath:
    'Start the old address with /, such as /old-post/, or paste a full address of this site.',
  fromOtherSite: (origin: string) =>
    `The old address must be one of this site’s (${origin}): only those reach it.`,
  fromQuery:
    'Leave out the query (from ? on): an old address is matched by its path, and whatever query a visitor brings is passed on.',
  fromFragment: 'Leave out the part from # on: browsers never send it to the site.',
  fromEncoding: 'The old address has a % that does not start an escape such as %20.',
  fromDots: 'An old address cannot have . or .. as a part of its path.',
  fromHome: 'The home page cannot be redirected.',
  fromSiteOwn: (path: string) =>
    `${path} belongs to the site itself (the admin, search, feeds, images or forms) and cannot be redirected.`,
  fromTooLong: (max: number) => `The old address is longer than ${max} characters.`,
  fromLive: (path: string, item: LiveItem) =>
    `${path} is the address of ${liveItemName(item)}: visitors see it there, so a redirect would never be used. Change that address first.`,
  toEmpty: 'Enter where visitors go, such as /new-post/ or https://example.org/page.',
  toNotAddress:
    'Start the new address with / for a page of this site, or with https:// for another site.',
  toScheme: 'The new address must be a web address (https:// or http://).',
  toTooLong: (max: number) => `The new address is longer than ${max} characters.`,
  toSame: 'The new address is the old one: visitors would go round in a circle.',
  loop: (path: string) =>
    `That would send visitors round in a circle: ${path} already leads back to the old address.`,
  csvColumns: 'A line needs two columns: the old address, then the new one.',
  csvDuplicate: (line: number) => `The same old address is on line ${line}, which is used.`,
  csvUnclosedQuote: (line: number) =>
    `A quote opened on line ${line} is never closed, so the file cannot be read from there on.`,
  csvNothing:
    'The file holds no redirects: each line is an old address and a new one, separated by a comma.',
  csvTooMany: (max: number) =>
    `The file holds more than ${max} lines; split it into smaller files.`,
} as const;

export const tagRuleMessages = {
  nameEmpty: 'Enter the tag’s name.',
  nameTooLong: (max: number) => `A tag’s name is at most ${max} characters.`,
  nameTaken: (name: string) => `Another tag is called “${name}” already.`,
  slugInvalid:
    'An address uses lower-case letters, digits and hyphens (not at either end), at most 80 characters.',
  slugTaken: (slug: string) => `Another tag has the address /tag/${slug}/ already.`,
  descriptionTooLong: (max: number) => `A description is at most ${max} characters.`,
  gone: 'There is no such tag. It may have been deleted.',
} as const;
