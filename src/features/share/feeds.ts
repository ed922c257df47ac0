/**
 * Feed ids, as `/subscription-form/{feed_id}/8` carries them: the whole site is 1 and a tag is
 * `tagFeedIdBase + tag id`, stable for as long as the tag exists. 2–999 are left free for
 * other kinds of feed.
 */
export const tagFeedIdBase = 1000;

/** The feed of the whole site, as the subscription box and subscription page know it. */
export const siteFeedId = 1;

/** The largest feed id the subscription page accepts (nine digits). */
export const maxFeedId = 999_999_999;

export type FeedRef = { kind: 'site' } | { kind: 'tag'; tagId: number };

export function tagFeedId(tagId: number): number {
  return tagFeedIdBase + tagId;
}

/** What a feed id names, or undefined for ids no feed can have. */
export function parseFeedId(feedId: number): FeedRef | undefined {
  if (!Number.isSafeInteger(feedId) || feedId < 1 || feedId > maxFeedId) return undefined;
  if (feedId === siteFeedId) return { kind: 'site' };
  if (feedId > tagFeedIdBase) return { kind: 'tag', tagId: feedId - tagFeedIdBase };
  return undefined;
}
