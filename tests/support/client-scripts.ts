import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where `npm run build` puts the files the browser loads. */
export const clientDir = 'dist/client';

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

/** An island of a page: the module its component comes from, and which of its exports it is. */
export type Island = { componentUrl: string; componentExport: string };

export type PageScripts = {
  /** By path (`/_astro/QForm.abc123.js`). */
  files: Map<string, ClientScript>;
  /** Referred to but not in dist/client. */
  missing: string[];
  /** From another origin (not followed). */
  external: string[];
  /** Each island on the page. */
  islands: Island[];
  /**
   * Paths of the islands' renderer files: the React client (src/platform/react-client.ts), which
   * the build puts in one file with React itself (the `react` group of astro.config.ts), loaded
   * by every page with an island, so a feature's island is counted "beyond React".
   */
  renderers: Set<string>;
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
  const islands: Island[] = [];
  const renderers = new Set<string>();
  for (const island of tags(html, 'astro-island')) {
    const component = island.attributes.get('component-url');
    if (component) {
      islands.push({
        componentUrl: component,
        componentExport: island.attributes.get('component-export') ?? 'default',
      });
    }
    const renderer = island.attributes.get('renderer-url');
    if (renderer) renderers.add(new URL(renderer, page).pathname);
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
  return { files, missing, external, islands, renderers };
}

export type IslandWeight = {
  /** The files only the feature's pages load, React's file left out. */
  files: ClientScript[];
  gzipBytes: number;
  bytes: number;
  /** Files the feature's page refers to that are missing from the build. */
  missing: string[];
};

/**
 * What a feature's island costs a visitor beyond the rest of the site: the client files a
 * page with the feature loads that none of the other pages load, React's file excluded.
 */
export function islandWeight(featurePage: PageScripts, otherPages: PageScripts[]): IslandWeight {
  const elsewhere = new Set(otherPages.flatMap((page) => [...page.files.keys()]));
  const files = [...featurePage.files.values()]
    .filter((file) => !elsewhere.has(file.path) && !featurePage.renderers.has(file.path))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files,
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    missing: featurePage.missing,
  };
}

/** The share bar's islands (`ShareIsland`, exported by src/layouts/islands.ts). */
export function isShareIsland(island: Island): boolean {
  return island.componentExport === 'ShareIsland';
}

/**
 * What one island component costs a page that has it everywhere (the share bar is in every
 * page's footer): the files the page loads that it would not load without that component's
 * islands, React's file excluded. Where the component's module also holds other islands (the
 * header's, decision 0007), their code is counted too: the figure is an upper bound.
 */
export function componentWeight(
  html: string,
  pageUrl: string,
  isComponent: (island: Island) => boolean,
): IslandWeight {
  const page = scriptsLoadedBy(html, pageUrl);
  const urls = page.islands.filter(isComponent).map((island) => island.componentUrl);
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
