import { describe, expect, it } from 'vitest';
import { editorMessages } from './messages.ts';
import { type PostEditorValues, postFromEditor, tagList } from './post-editor.ts';

const now = Date.UTC(2026, 10, 26, 12);
const values: PostEditorValues = {
  type: 'post',
  title: 'A title',
  slug: '',
  body: 'Text.',
  excerpt: '',
  tags: '',
  coverMediaId: null,
  coverAlt: '',
  seoTitle: '',
  seoDescription: '',
  publish: 'draft',
  date: '2026-12-01',
  time: '09:30',
};
const check = (changes: Partial<PostEditorValues>, publishedAt: number | null = null) =>
  postFromEditor({ ...values, ...changes }, { timeZone: 'Europe/Paris', publishedAt, now });

describe('the post editor’s values', () => {
  it('marks every field that needs a change at once, the schedule too', () => {
    expect(
      check({ title: ' ', slug: 'Not A Slug', publish: 'schedule', date: '2020-01-01' }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        title: 'Give it a title.',
        slug: 'Use lower-case letters, digits and hyphens, at most 80 characters.',
        date: editorMessages.pastTime,
      },
    });
    expect(check({ publish: 'schedule', date: '2026-02-30' })).toEqual({
      ok: false,
      fieldErrors: { date: editorMessages.unrealTime },
    });
    expect(check({ publish: 'schedule', time: '' })).toEqual({
      ok: false,
      fieldErrors: { time: editorMessages.pickTime },
    });
  });

  it('schedules in the site’s time zone and keeps a first publication time', () => {
    const scheduled = check({ publish: 'schedule' });
    expect(scheduled.ok && scheduled.post.publishedAt?.getTime()).toBe(
      Date.UTC(2026, 11, 1, 8, 30),
    );
    const earlier = Date.UTC(2026, 0, 1);
    const republished = check({ publish: 'publish' }, earlier);
    expect(republished.ok && republished.post.publishedAt?.getTime()).toBe(earlier);
    const fresh = check({ publish: 'publish' });
    expect(fresh.ok && fresh.post.publishedAt?.getTime()).toBe(now);
  });

  it('reads tags from one line, without blanks or repeats in any case', () => {
    expect(tagList(' Baking, rye ,, baking, Rye Bread ')).toEqual(['Baking', 'rye', 'Rye Bread']);
    expect(check({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') })).toEqual({
      ok: false,
      fieldErrors: { tags: 'At most 20 tags.' },
    });
  });
});
