import type { Plugin } from 'vite';

/** Astro's module that writes an island's props into its `props` attribute. */
const serializeModule = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/;

const astroSerializeProps = `function serializeProps(props, metadata) {
  const serialized = JSON.stringify(serializeObject(props, metadata));
  return serialized;
}`;

const remembering = `const quireSerializedProps = new Map();
function quirePlainData(value, depth) {
  if (value === null) return true;
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object": {
      if (depth > 32) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (!(i in value) || !quirePlainData(value[i], depth + 1)) return false;
        }
        return true;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key of Object.keys(value)) {
        if (!quirePlainData(value[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
function serializeProps(props, metadata) {
  const key = quirePlainData(props, 0) ? JSON.stringify(props) : undefined;
  if (key !== undefined) {
    const kept = quireSerializedProps.get(key);
    if (kept !== undefined) return kept;
  }
  const serialized = JSON.stringify(serializeObject(props, metadata));
  if (key !== undefined) {
    if (quireSerializedProps.size >= 500) {
      quireSerializedProps.delete(quireSerializedProps.keys().next().value);
    }
    quireSerializedProps.set(key, serialized);
  }
  return serialized;
}`;

/** Astro's serialize.js with `serializeProps` remembering what it wrote; fails if it changed. */
export function withRememberedProps(code: string): string | undefined {
  return code.includes(astroSerializeProps)
    ? code.replace(astroSerializeProps, remembering)
    : undefined;
}

/**
 * Build-time only (astro.config.ts): Astro writes every island's props into its `props`
 * attribute on every render, walking them into its tagged form (`[0, value]`, `[1, array]`, …)
 * and then to JSON: about 5 % of an uncached post view's CPU, for props that are the same on
 * every view of a page (the header's menu, the share bars' links). For props that are plain
 * data (strings, finite numbers, booleans, null, arrays and plain objects), the tagged form is
 * a function of their JSON, so it is remembered by that JSON (500 at most, the oldest dropped);
 * other props (a Date, a Map, `undefined`, whose JSON could stand for something else) are
 * written as Astro writes them. The build fails if Astro's function no longer reads as
 * expected, so an upgrade cannot silently drop it (as csp-digest-memo.ts; decision 0069).
 */
export function rememberIslandProps(): Plugin {
  return {
    name: 'quire:remember-island-props',
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      if (!serializeModule.test(id)) return undefined;
      const changed = withRememberedProps(code);
      if (changed === undefined) {
        this.error(
          'astro/dist/runtime/server/serialize.js: serializeProps changed; review src/server/island-props-memo.ts',
        );
      }
      return { code: changed, map: null };
    },
  };
}
