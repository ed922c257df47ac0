import { describe, expect, it } from 'vitest';
import { parseFeedId, tagFeedId } from './feeds.ts';

describe('feed ids', () => {
  it('names the site feed 1 and a tag 1000 + its id', () => {
    expect(parseFeedId(1)).toEqual({ kind: 'site' });
    expect(tagFeedId(7)).toBe(1007);
    expect(parseFeedId(1007)).toEqual({ kind: 'tag', tagId: 7 });
  });

  it('refuses ids no feed can have', () => {
    for (const id of [0, -1, 2, 999, 1000, 1.5, Number.NaN, 1_000_000_000]) {
      expect(parseFeedId(id), String(id)).toBeUndefined();
    }
  });
});
