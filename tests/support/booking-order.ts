import { issueFormToken } from '../../src/features/forms/server/form-token.ts';

/** The demo's Workshop booking form (demo/forms.json), which takes bank transfers. */
export const bookingFormId = 3;

/**
 * A booking as the form island posts it to `/ajax`: knife sharpening for one and the materials
 * fee, $52.50, sent a minute after the form was opened.
 */
export function bookingOrderFields(
  secret: string,
  buyer: { first: string; last: string; email: string },
  overrides: Record<string, string> = {},
): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  return {
    action: 'qforms_submit',
    'qforms[id]': String(bookingFormId),
    'qforms[token]': issueFormToken(secret, bookingFormId, Date.now() - 60_000).token,
    'qforms[fields][1][first]': buyer.first,
    'qforms[fields][1][last]': buyer.last,
    'qforms[fields][2]': buyer.email,
    'qforms[fields][5][value]': 'knives',
    'qforms[fields][5][quantity]': '1',
    'qforms[fields][7][value]': '',
    'qforms[fields][7][quantity]': '1',
    start_timestamp: String(now - 60),
    end_timestamp: String(now),
    page_url: '/workshop-booking/',
    ...overrides,
  };
}
