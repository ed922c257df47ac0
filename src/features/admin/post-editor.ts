import { z } from 'zod';
import { fromZonedInputs } from '../../platform/time-zone.ts';
import { isValidSlug } from '../content/slug.ts';
import { editorMessages } from './messages.ts';

/**
 * The post editor's form as the browser sends it and the server checks it, with one schema:
 * text as typed, tags as one comma-separated line, the schedule as the date and time inputs
 * hold them in the site's time zone. `postFromEditor` turns it into what `savePost` takes.
 */

/** A post or page as the server sends it to the editor (content/server/admin-posts.ts). */
export type EditorPost = {
  id: number;
  type: 'post' | 'page';
  title: string;
  slug: string;
  body: string;
  excerpt: string;
  tags: string[];
  cover: { id: number; fileName: string; alt: string } | null;
  seoTitle: string;
  seoDescription: string;
  state: 'draft' | 'scheduled' | 'published';
  publishedAt: number | null;
  /** The revision opened, sent back with the save (a newer one on the server is a conflict). */
  revision: number;
};

/** What the owner asks for with the save button. */
export const publishChoices = ['draft', 'publish', 'schedule'] as const;

const trimmed = (max: number, label: string) =>
  z.string().trim().max(max, `${label} is at most ${max} characters.`);

export const postEditorSchema = z.object({
  type: z.enum(['post', 'page']),
  title: z.string().trim().min(1, 'Give it a title.').max(200, 'Title is at most 200 characters.'),
  slug: z
    .string()
    .trim()
    .refine(
      (slug) => slug === '' || isValidSlug(slug),
      'Use lower-case letters, digits and hyphens, at most 80 characters.',
    ),
  body: z.string().max(500_000, 'The text is at most 500,000 characters.'),
  excerpt: trimmed(600, 'Excerpt'),
  tags: z
    .string()
    .max(1300)
    .refine((line) => tagList(line).length <= 20, 'At most 20 tags.')
    .refine(
      (line) => tagList(line).every((tag) => tag.length <= 60),
      'A tag is at most 60 characters.',
    ),
  coverMediaId: z.number().int().positive().nullable(),
  coverAlt: trimmed(300, 'The description'),
  seoTitle: trimmed(120, 'SEO title'),
  seoDescription: trimmed(300, 'SEO description'),
  publish: z.enum(publishChoices),
  date: z.string().max(10),
  time: z.string().max(5),
});

export type PostEditorValues = z.input<typeof postEditorSchema>;

/** The tags of a comma-separated line, trimmed, without empty ones or repeats. */
export function tagList(line: string): string[] {
  const tags: string[] = [];
  for (const raw of line.split(',')) {
    const tag = raw.trim();
    if (tag && !tags.some((known) => known.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return tags;
}

export type EditorCheck =
  | {
      ok: true;
      post: {
        type: 'post' | 'page';
        title: string;
        slug?: string;
        body: string;
        excerpt: string;
        tags: string[];
        coverMediaId: number | null;
        seoTitle: string;
        seoDescription: string;
        status: 'draft' | 'published' | 'scheduled';
        publishedAt?: Date;
      };
      coverAlt: string;
    }
  | { ok: false; fieldErrors: Record<string, string> };

/**
 * Checks the editor's values and says what to save. Publishing keeps the time a post was first
 * published (`publishedAt`, when it was); scheduling needs a date and time still to come.
 */
export function postFromEditor(
  values: unknown,
  { timeZone, publishedAt, now }: { timeZone: string; publishedAt: number | null; now: number },
): EditorCheck {
  const parsed = postEditorSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'title');
      fieldErrors[name] ??= issue.message;
    }
    // The schedule is checked too, so every field that needs a change is marked at once.
    const raw = values as Partial<Record<'publish' | 'date' | 'time', unknown>> | null;
    if (
      raw?.publish === 'schedule' &&
      typeof raw.date === 'string' &&
      typeof raw.time === 'string'
    ) {
      const at = scheduledAt(raw.date, raw.time, timeZone, now);
      if ('fieldErrors' in at) Object.assign(fieldErrors, at.fieldErrors);
    }
    return { ok: false, fieldErrors };
  }
  const form = parsed.data;
  const post = {
    type: form.type,
    title: form.title,
    ...(form.slug ? { slug: form.slug } : {}),
    body: form.body,
    excerpt: form.excerpt,
    tags: tagList(form.tags),
    coverMediaId: form.coverMediaId,
    seoTitle: form.seoTitle,
    seoDescription: form.seoDescription,
  };
  if (form.publish === 'draft') {
    return {
      ok: true,
      post: {
        ...post,
        status: 'draft',
        ...(publishedAt === null ? {} : { publishedAt: new Date(publishedAt) }),
      },
      coverAlt: form.coverAlt,
    };
  }
  if (form.publish === 'publish') {
    const at = publishedAt !== null && publishedAt <= now ? publishedAt : now;
    return {
      ok: true,
      post: { ...post, status: 'published', publishedAt: new Date(at) },
      coverAlt: form.coverAlt,
    };
  }
  const at = scheduledAt(form.date, form.time, timeZone, now);
  if ('fieldErrors' in at) return { ok: false, fieldErrors: at.fieldErrors };
  return {
    ok: true,
    post: { ...post, status: 'scheduled', publishedAt: new Date(at.at) },
    coverAlt: form.coverAlt,
  };
}

/** The instant a schedule's date and time name in the zone, if it is real and still to come. */
function scheduledAt(
  date: string,
  time: string,
  timeZone: string,
  now: number,
): { at: number } | { fieldErrors: Record<string, string> } {
  if (!date.trim()) return { fieldErrors: { date: editorMessages.pickDay } };
  if (!time.trim()) return { fieldErrors: { time: editorMessages.pickTime } };
  const at = fromZonedInputs(date, time, timeZone);
  if (at === undefined) return { fieldErrors: { date: editorMessages.unrealTime } };
  if (at <= now) return { fieldErrors: { date: editorMessages.pastTime } };
  return { at };
}
