import { describe, expect, it } from 'vitest';
import { parseFormDefinition } from '../features/forms/form-definition.ts';
import { slugify } from '../platform/slugify.ts';
import { readDemoContent, readDemoForms, readDemoSettings, redateArchive } from './demo-seed.ts';

const day = 24 * 60 * 60 * 1000;

describe('the demo files', () => {
  it('fit together: every image, form, page and topic they name is in them', async () => {
    const content = await readDemoContent();
    const { forms } = (await readDemoForms()) as {
      forms: Array<{ id: number; definition: unknown }>;
    };
    const { site } = await readDemoSettings();

    const imageIds = new Set(content.media.map((m) => m.id));
    const formIds = new Set(forms.map((f) => f.id));
    for (const post of content.posts) {
      if (post.coverMediaId !== null) expect(imageIds).toContain(post.coverMediaId);
      for (const [, id] of post.body.matchAll(/\/media\/(\d+)\//g)) {
        expect(imageIds).toContain(Number(id));
      }
      for (const [, id] of post.body.matchAll(/^\[form id="(\d+)"\]$/gm)) {
        expect(formIds).toContain(Number(id));
      }
    }
    expect(imageIds).toContain(site.defaultShareImageId);
    for (const form of forms) {
      expect(parseFormDefinition(form.definition)).toMatchObject({ ok: true });
    }

    const paths = new Set(['/', '/tag/']);
    for (const post of content.posts) {
      paths.add(`/${post.slug}/`);
      for (const tag of post.tags) paths.add(`/tag/${slugify(tag)}/`);
    }
    const menuPaths = site.menu.flatMap((item) => [item, ...item.children]).map((l) => l.url);
    expect(menuPaths.filter((path) => !paths.has(path))).toEqual([]);
  });
});

describe('redateArchive', () => {
  it('keeps every date as far from now as it was from when the file was written', async () => {
    const content = await readDemoContent();
    const written = Date.parse(content.exportedAt ?? '');
    const now = written + 40 * day + 5 * 60 * 60 * 1000;
    const redated = redateArchive(content, now);

    expect(redated.posts.map((p) => p.title)).toEqual(content.posts.map((p) => p.title));
    redated.posts.forEach((post, index) => {
      const before = content.posts[index]?.publishedAt;
      if (before === undefined) expect(post.publishedAt).toBeUndefined();
      else expect(Date.parse(post.publishedAt ?? '') - now).toBe(Date.parse(before) - written);
    });
    const scheduled = redated.posts.filter((p) => p.status === 'scheduled');
    expect(scheduled.length).toBeGreaterThan(0);
    for (const post of scheduled) expect(Date.parse(post.publishedAt ?? '')).toBeGreaterThan(now);
  });

  it('refuses a file that does not say when it was written', async () => {
    const { exportedAt: _, ...undated } = await readDemoContent();
    expect(() => redateArchive(undated, Date.now())).toThrow(/exportedAt/);
  });
});
