import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where `npm run build` puts the files the browser loads. */
export const clientDir = 'dist/client';

/**
 * The chunk the build gives React (the `react` group of astro.config.mjs); every page with an
 * island loads it, so the size of a feature's island is counted "beyond React".
 */
export const reactChunk = /^\/_astro\/react\.[\w-]+\.js$/;

type Tag = { attributes: Map<string, string>; body: string };

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g)) {
    const raw = match[2] ?? '';
    const value = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
    attributes.set(match[1]!.toLowerCase(), decodeEntities(value));
  }
  return attributes;
}

/** Opening tags of one element name, with the text up to the closing tag for `<script>`. */
export function tags(html: string, name: string): Tag[] {
  const pattern =
    name === 'script'
      ? /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
      : new RegExp(`<${name}\\b([^>]*)>`, 'gi');
  return [...html.matchAll(pattern)].map((match) => ({
    attributes: attributesOf(match[1] ?? ''),
    body: match[2] ?? '',
  }));
}

/** Specifiers of the static `import`/`export … from` statements of a module. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/\b(?:import|export)\s*(?:[^'"`();=]*?\bfrom\s*)?["']([^"'\n]+)["']/g)]
    .map((match) => match[1]!)
    .filter((specifier) => /\.m?js(?:[?#].*)?$/.test(specifier));
}

/** A built client file a page loads, with its size as served (gzip level 9, as the front sends it). */
export type ClientScript = { path: string; bytes: number; gzipBytes: number };

export type PageScripts = {
  /** By path (`/_astro/QForm.abc123.js`). */
  files: Map<string, ClientScript>;
  /** Referred to but not in dist/client. */
  missing: string[];
  /** From another origin (not followed). */
  external: string[];
  /** `component-url` of each island on the page. */
  islands: string[];
};

/**
 * The client files a page loads: its module scripts, island components and renderers,
 * module preloads, and everything they import statically. Read from the built files, so the
 * figures do not depend on a browser or on the network.
 */
export function scriptsLoadedBy(html: string, pageUrl: string): PageScripts {
  const page = new URL(pageUrl);
  const entries: { from: string; specifier: string }[] = [];
  for (const script of tags(html, 'script')) {
    const src = script.attributes.get('src');
    if (src) entries.push({ from: page.pathname, specifier: src });
    else if (script.attributes.get('type') === 'module') {
      for (const specifier of staticImports(script.body)) {
        entries.push({ from: page.pathname, specifier });
      }
    }
  }
  const islands: string[] = [];
  for (const island of tags(html, 'astro-island')) {
    const component = island.attributes.get('component-url');
    if (component) islands.push(component);
    for (const attribute of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = island.attributes.get(attribute);
      if (url) entries.push({ from: page.pathname, specifier: url });
    }
  }
  for (const link of tags(html, 'link')) {
    const href = link.attributes.get('href');
    if (href && link.attributes.get('rel') === 'modulepreload') {
      entries.push({ from: page.pathname, specifier: href });
    }
  }

  const files = new Map<string, ClientScript>();
  const missing: string[] = [];
  const external: string[] = [];
  for (let next = entries.shift(); next; next = entries.shift()) {
    const url = new URL(next.specifier, new URL(next.from, page));
    if (url.origin !== page.origin) {
      external.push(`${next.specifier} (from ${next.from})`);
      continue;
    }
    const path = url.pathname;
    if (files.has(path)) continue;
    const file = join(clientDir, ...posix.normalize(decodeURIComponent(path)).split('/'));
    if (!existsSync(file)) {
      missing.push(`${path} (from ${next.from})`);
      continue;
    }
    const code = readFileSync(file);
    files.set(path, {
      path,
      bytes: code.byteLength,
      gzipBytes: gzipSync(code, { level: 9 }).byteLength,
    });
    for (const specifier of staticImports(code.toString('utf8'))) {
      entries.push({ from: path, specifier });
    }
  }
  return { files, missing, external, islands };
}

export type IslandWeight = {
  /** The files only the feature's pages load, React's chunk left out. */
  files: ClientScript[];
  gzipBytes: number;
  bytes: number;
  /** Files the feature's page refers to that are missing from the build. */
  missing: string[];
};

/**
 * What a feature's island costs a visitor beyond the rest of the site: the client files a
 * page with the feature loads that none of the other pages load, React's chunk excluded.
 */
export function islandWeight(featurePage: PageScripts, otherPages: PageScripts[]): IslandWeight {
  const elsewhere = new Set(otherPages.flatMap((page) => [...page.files.keys()]));
  const files = [...featurePage.files.values()]
    .filter((file) => !elsewhere.has(file.path) && !reactChunk.test(file.path))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files,
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    missing: featurePage.missing,
  };
}

/** The share island's component file (`ShareIsland.abc123.js`). */
export const shareIslandComponent = /\/_astro\/ShareIsland\.[\w-]+\.js$/;

/**
 * What one island component costs a page that has it everywhere (the share bar is in every
 * page's footer): the files the page loads that it would not load without that component's
 * islands, React's chunk excluded.
 */
export function componentWeight(html: string, pageUrl: string, component: RegExp): IslandWeight {
  const page = scriptsLoadedBy(html, pageUrl);
  const urls = page.islands.filter((url) => component.test(new URL(url, pageUrl).pathname));
  let without = html;
  for (const url of new Set(urls)) without = without.replaceAll(url, '');
  return islandWeight(page, [scriptsLoadedBy(without, pageUrl)]);
}

/** Fetches a page of a running site and lists the client files it loads. */
export async function fetchPageScripts(siteUrl: string, path: string): Promise<PageScripts> {
  const url = `${siteUrl}${path}`;
  const response = await fetch(url);
  const html = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return scriptsLoadedBy(html, url);
}
