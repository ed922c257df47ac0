import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Build-time only (astro.config.ts): the admin's browser code is one bundle of its own, made by
 * esbuild from `admin/ui/admin-client.tsx` with its own React, React Aria and zod. It shares no
 * chunk with the visitor pages, so nothing of the admin reaches them and they carry nothing for
 * it, not even an export (decision 0033).
 */

/** `import adminScript from 'virtual:quire-admin-script'`: the address of the admin's bundle. */
export const adminScriptModuleId = 'virtual:quire-admin-script';
const resolvedModuleId = `\0${adminScriptModuleId}`;

const adminEntry = 'src/features/admin/ui/admin-client.tsx';
/** Served by Vite's dev server in `astro dev`, built on each request. */
const devPrefix = '/_admin-dev/';

/** The bundle's files by name (the entry and the chunks it loads), and its sources. */
type BuiltAdmin = { entry: string; files: Map<string, string>; inputs: string[] };

/**
 * zod's namespace object (`z`) carries the messages of every language it ships, 360 KB that no
 * tree shaking can drop while the object is used; Quire words its own messages and zod's
 * defaults are English. The admin's bundle gets zod with its English messages only.
 */
const zodInEnglishOnly: EsbuildPlugin = {
  name: 'quire:zod-in-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: args.importer, namespace: 'zod-english' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from '../locales/en.js';`,
      resolveDir: fileURLToPath(new URL('.', `file://${args.path}`)),
    }));
  },
};

/**
 * The form island (the form builder's preview) imports two things the Vite way (decision 0043):
 * a style sheet as text (`?inline`) and a web worker (`?worker`). The admin's bundle does the
 * same: the text is inlined, the worker built to a file of its own, named by its content's hash
 * (the admin's CSP allows workers from the site's own files only).
 */
function viteStyleImports(workers: Map<string, string>): EsbuildPlugin {
  return {
    name: 'quire:vite-style-imports',
    setup(build) {
      build.onResolve({ filter: /\?(inline|worker)$/ }, async (args) => {
        const [bare, kind] = args.path.split('?') as [string, string];
        const resolved = await build.resolve(bare, {
          kind: 'import-statement',
          resolveDir: args.resolveDir,
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return { path: resolved.path, namespace: `vite-${kind}` };
      });
      build.onLoad({ filter: /.*/, namespace: 'vite-inline' }, async (args) => ({
        contents: `export default ${JSON.stringify(await readFile(args.path, 'utf8'))};`,
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: 'vite-worker' }, async (args) => {
        const worker = await build.esbuild.build({
          entryPoints: [args.path],
          bundle: true,
          minify: true,
          format: 'esm',
          write: false,
          target: build.initialOptions.target ?? [],
        });
        const code = worker.outputFiles[0]?.text ?? '';
        const name = `admin-worker.${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
        workers.set(name, code);
        return {
          contents: `export default function Worker_() { return new Worker(${JSON.stringify(`/_astro/${name}`)}, { type: 'module' }); }`,
          loader: 'js',
        };
      });
    },
  };
}

/**
 * The admin's bundle: an entry and a chunk per island (loaded by the screens that have it),
 * named by their content's hash so browsers may keep them for good; minified for a build,
 * readable for `astro dev`.
 */
export async function buildAdminBundle(root: URL, minify = true): Promise<BuiltAdmin> {
  const workers = new Map<string, string>();
  const result = await build({
    absWorkingDir: fileURLToPath(root),
    entryPoints: [adminEntry],
    bundle: true,
    splitting: true,
    minify,
    format: 'esm',
    outdir: 'admin-out',
    entryNames: 'admin.[hash]',
    chunkNames: 'admin-[name].[hash]',
    // The browsers Vite builds the islands for (its `baseline-widely-available`).
    target: ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'],
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development'),
      // The form island (the form builder's preview) asks Astro whether it runs on the server.
      'import.meta.env.SSR': 'false',
    },
    legalComments: 'none',
    metafile: true,
    write: false,
    plugins: [zodInEnglishOnly, viteStyleImports(workers)],
  });
  const fileName = (path: string) => path.split(/[\\/]/).at(-1) ?? '';
  // Each island's chunk is an entry point too (a dynamic import): the entry is the one named.
  const entry = Object.entries(result.metafile.outputs).find(
    ([, output]) => output.entryPoint === adminEntry,
  );
  if (!entry) throw new Error('The admin bundle has no entry file');
  return {
    entry: fileName(entry[0]),
    files: new Map([
      ...result.outputFiles.map((file) => [fileName(file.path), file.text] as const),
      ...workers,
    ]),
    inputs: Object.keys(result.metafile.inputs)
      .filter((input) => !/^(zod-english|vite-inline|vite-worker):/.test(input))
      .map((input) => fileURLToPath(new URL(input, root))),
  };
}

function adminScriptModule(address: () => Promise<string>): Plugin {
  return {
    name: 'quire:admin-script',
    resolveId: (id) => (id === adminScriptModuleId ? resolvedModuleId : undefined),
    async load(id) {
      if (id !== resolvedModuleId) return undefined;
      return `export default ${JSON.stringify(await address())};`;
    },
  };
}

/** Serves the admin's bundle to `astro dev`, rebuilt from the sources on each request. */
function adminDevServer(root: () => URL): Plugin {
  return {
    name: 'quire:admin-dev-server',
    configureServer(server) {
      server.middlewares.use(devPrefix, (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        buildAdminBundle(root(), false).then(({ entry, files }) => {
          const code = files.get(name === 'admin.js' ? entry : name);
          if (code === undefined) return next();
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.setHeader('Cache-Control', 'no-store');
          response.end(code);
        }, next);
      });
    },
  };
}

/** Builds the admin's bundle into `dist/client/_astro/` and tells the admin pages its address. */
export function adminBundle(): AstroIntegration {
  let root: URL;
  let clientDir: URL;
  let built: Promise<BuiltAdmin> | undefined;
  const builtOnce = () => {
    built ??= buildAdminBundle(root);
    return built;
  };
  return {
    name: 'quire:admin-bundle',
    hooks: {
      'astro:config:setup': ({ config, command, updateConfig }) => {
        root = config.root;
        const address =
          command === 'build'
            ? async () => `/_astro/${(await builtOnce()).entry}`
            : async () => `${devPrefix}admin.js`;
        updateConfig({
          vite: { plugins: [adminScriptModule(address), adminDevServer(() => root)] },
        });
      },
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async () => {
        const { files } = await builtOnce();
        const dir = new URL('_astro/', clientDir);
        await mkdir(dir, { recursive: true });
        for (const [name, code] of files) await writeFile(new URL(name, dir), code);
      },
    },
  };
}
