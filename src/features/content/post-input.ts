import { z } from 'zod';
import { isValidSlug } from './slug.ts';

/** What the site owner (CLI, import, later the admin editor) supplies for a post or page. */
export const postInputSchema = z.object({
  type: z.enum(['post', 'page']).default('post'),
  title: z
    .string()
    .trim()
    .min(1, 'Title is required.')
    .max(200, 'Title is at most 200 characters.'),
  slug: z
    .string()
    .trim()
    .refine(isValidSlug, 'Slug uses lower-case letters, digits and hyphens, at most 80 characters.')
    .optional(),
  excerpt: z.string().trim().max(600, 'Excerpt is at most 600 characters.').default(''),
  body: z.string().max(500_000, 'Body is at most 500,000 characters.'),
  status: z.enum(['draft', 'published', 'scheduled']).default('draft'),
  publishedAt: z.coerce.date().optional(),
  tags: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  coverMediaId: z.number().int().positive().nullable().default(null),
  /** Empty: search engines and link previews show the title and the excerpt. */
  seoTitle: z.string().trim().max(120, 'SEO title is at most 120 characters.').default(''),
  seoDescription: z
    .string()
    .trim()
    .max(300, 'SEO description is at most 300 characters.')
    .default(''),
});

export type PostInput = z.input<typeof postInputSchema>;
