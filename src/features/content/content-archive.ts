import { z } from 'zod';
import { postInputSchema } from './post-input.ts';

/**
 * The JSON file `quire export` writes and `quire import` reads: posts and pages with the
 * images they use, so one file moves a whole site.
 */
export const contentArchiveSchema = z.object({
  format: z.literal('quire-content'),
  version: z.literal(1),
  exportedAt: z.string().optional(),
  media: z
    .array(
      z.object({
        id: z.number().int().positive(),
        fileName: z.string().min(1).max(200),
        alt: z.string().max(500).default(''),
        base64: z.string().min(1),
      }),
    )
    .default([]),
  posts: z.array(postInputSchema.extend({ publishedAt: z.iso.datetime().optional() })).default([]),
});

export type ContentArchive = z.output<typeof contentArchiveSchema>;

/** Points `/media/{old}/…` references in a body at the ids the images got on import. */
export function remapMediaReferences(markdown: string, ids: ReadonlyMap<number, number>): string {
  return markdown.replace(/\/media\/(\d+)(?=[/)\s"'])/g, (all, id: string) => {
    const mapped = ids.get(Number(id));
    return mapped === undefined ? all : `/media/${mapped}`;
  });
}
