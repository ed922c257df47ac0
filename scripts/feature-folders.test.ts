import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const featuresDir = join(import.meta.dirname, '..', 'src', 'features');

describe('feature folders', () => {
  it('hold no .astro files: the boundary check (dependency-cruiser) cannot read their imports', () => {
    const astroFiles = readdirSync(featuresDir, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.astro'))
      .map((path) => relative(process.cwd(), join(featuresDir, path)));
    // Compose pages from the features' React components in src/layouts or src/pages instead.
    expect(astroFiles).toEqual([]);
  });
});
