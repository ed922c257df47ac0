import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import type { AstroIntegration } from 'astro';
import { build, type Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Build-time only (astro.config.ts): the beacon is its own tiny bundle, made by esbuild from
 * `stats/beacon/beacon.ts` and inlined into every page (decision 0018).
 */

/** `import beaconSource from 'virtual:qstat-beacon'`: the minified beacon, a string. */
export const beaconModuleId = 'virtual:qstat-beacon';
const resolvedBeaconModuleId = `\0${beaconModuleId}`;

/** Where the build also writes the beacon, under `dist/`, for the size test and the bench. */
export const builtBeaconPath = 'qstat/beacon.js';

const beaconEntry = 'src/features/stats/beacon/beacon.ts';

/**
 * The beacon reads its parameter names and bounds from `stats/hit-params.ts`, objects shared
 * with the server. esbuild inlines the members of a `const enum` where they are used, never
 * those of an object, so for the beacon's bundle each object of names or numbers is compiled
 * as a const enum with the same values: the bundle keeps the values it reads, not the objects'
 * keys (about 200 bytes of the 1.2 KB budget). Arrays and strings stay as they are.
 */
const hitParamsAsEnums: EsbuildPlugin = {
  name: 'quire:hit-params-as-enums',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]stats[\\/]hit-params\.ts$/ }, async ({ path }) => {
      // Its values, read by running the module on its own (it imports nothing). Not through
      // import(): inside astro.config.ts that goes to Vite's module runner, closed by then.
      const compiled = await build({
        entryPoints: [path],
        format: 'iife',
        globalName: 'hitParamsModule',
        write: false,
      });
      const context: { hitParamsModule?: Record<string, unknown> } = {};
      runInNewContext(compiled.outputFiles[0]?.text ?? '', context);
      const module = context.hitParamsModule ?? {};
      const declarations = Object.entries(module).map(([name, value]) => {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          return `export const ${name} = ${JSON.stringify(value)};`;
        }
        const members = Object.entries(value).map(([key, member]) => {
          if (typeof member !== 'string' && typeof member !== 'number') {
            throw new Error(`hit-params.ts: ${name}.${key} is neither a string nor a number`);
          }
          return `${key} = ${JSON.stringify(member)}`;
        });
        return `export const enum ${name} { ${members.join(', ')} }`;
      });
      return { contents: declarations.join('\n'), loader: 'ts' };
    });
  },
};

type BuiltBeacon = { code: string; inputs: string[] };

/** The beacon as one minified IIFE, and the source files it was made from. */
export async function buildBeacon(root: URL): Promise<BuiltBeacon> {
  const result = await build({
    absWorkingDir: fileURLToPath(root),
    entryPoints: [beaconEntry],
    bundle: true,
    minify: true,
    format: 'iife',
    // The browsers Vite builds the islands for (its `baseline-widely-available`).
    target: ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'],
    legalComments: 'none',
    // No "use strict" prologue: the IIFE is inlined, and 13 bytes count here.
    tsconfigRaw: {},
    metafile: true,
    write: false,
    plugins: [hitParamsAsEnums],
  });
  const code = result.outputFiles[0]?.text.trim() ?? '';
  // A script inlined into HTML ends at the first `</script`; esbuild escapes it in strings.
  if (/<\/script/i.test(code)) throw new Error('The built beacon contains "</script"');
  return {
    code,
    inputs: Object.keys(result.metafile.inputs).map((input) => fileURLToPath(new URL(input, root))),
  };
}

function beaconModule(beacon: () => Promise<BuiltBeacon>): Plugin {
  return {
    name: 'quire:qstat-beacon',
    resolveId(id) {
      return id === beaconModuleId ? resolvedBeaconModuleId : undefined;
    },
    async load(id) {
      if (id !== resolvedBeaconModuleId) return undefined;
      const { code, inputs } = await beacon();
      // In development an edit to any of the beacon's files rebuilds it.
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

/**
 * Provides `virtual:qstat-beacon` to the pages and writes the built beacon to
 * `dist/qstat/beacon.js` (outside `dist/client`: it is never served as a file).
 */
export function qstatBeacon(): AstroIntegration {
  let root: URL;
  let outDir: URL;
  let built: Promise<BuiltBeacon> | undefined;
  const builtOnce = () => {
    built ??= buildBeacon(root);
    return built;
  };
  return {
    name: 'quire:qstat-beacon',
    hooks: {
      'astro:config:setup': ({ config, command, updateConfig }) => {
        root = config.root;
        outDir = config.outDir;
        updateConfig({
          vite: {
            plugins: [beaconModule(command === 'build' ? builtOnce : () => buildBeacon(root))],
          },
        });
      },
      'astro:build:done': async () => {
        const file = new URL(builtBeaconPath, outDir);
        await mkdir(new URL('.', file), { recursive: true });
        await writeFile(file, (await builtOnce()).code);
      },
    },
  };
}
