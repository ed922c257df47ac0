import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { precompressStaticFiles } from './static-files.ts';

/** The serving process's entry in the build, run by `npm run serve`. */
export const builtFrontEntry = 'front/main.mjs';

/**
 * Build-time only (astro.config.ts): the HTTP front (`src/server/main.ts` and what it imports)
 * as plain JavaScript in `dist/front/`, so that a serving process loads no TypeScript
 * compiler: Node's type stripping costs about 25 MB in every process (decision 0031). Packages
 * stay in node_modules; the primary's code is split from the app's, which only workers load.
 * Chunks sit beside the entry: `demo-seed.ts` finds `demo/` two folders up, as from source.
 */
export function serverFront(): AstroIntegration {
  let root: URL;
  let outDir: URL;
  return {
    name: 'quire:server-front',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = config.root;
        outDir = config.outDir;
      },
      'astro:build:done': async () => {
        precompressStaticFiles(fileURLToPath(new URL('client/', outDir)));
        await build({
          absWorkingDir: fileURLToPath(root),
          entryPoints: { main: 'src/server/main.ts' },
          outdir: fileURLToPath(new URL('front/', outDir)),
          outExtension: { '.js': '.mjs' },
          chunkNames: '[name]-[hash]',
          bundle: true,
          splitting: true,
          format: 'esm',
          platform: 'node',
          target: 'node24',
          packages: 'external',
          logLevel: 'warning',
        });
      },
    },
  };
}
