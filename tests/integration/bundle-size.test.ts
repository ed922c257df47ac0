import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPostPath } from '../../bench/first-post-path.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// The post page budget of docs/decisions/0007-islands-and-page-behaviours.md.
const budgetBytes = 80 * 1024;
const clientDir = 'dist/client';

type Tag = { name: string; attributes: Map<string, string>; body: string };

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
function tags(html: string, name: string): Tag[] {
  const pattern =
    name === 'script'
      ? /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
      : new RegExp(`<${name}\\b([^>]*)>`, 'gi');
  return [...html.matchAll(pattern)].map((match) => ({
    name,
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

/** `<link>` elements that load a stylesheet or a script, now or ahead of time. */
function loadsCodeOrStyle(attributes: Map<string, string>): boolean {
  const rel = attributes.get('rel') ?? '';
  if (/\b(?:stylesheet|modulepreload)\b/i.test(rel)) return true;
  return (
    /\b(?:preload|prefetch)\b/i.test(rel) && /^(?:script|style)$/i.test(attributes.get('as') ?? '')
  );
}

function isExternal(url: string, pageUrl: string): boolean {
  return new URL(url, pageUrl).origin !== new URL(pageUrl).origin;
}

/** The client files a page loads: its module scripts and islands, and their static imports. */
function javaScriptLoadedBy(html: string, pageUrl: string) {
  const pagePath = new URL(pageUrl).pathname;
  const entries: { from: string; specifier: string }[] = [];
  for (const script of tags(html, 'script')) {
    const src = script.attributes.get('src');
    if (src) entries.push({ from: pagePath, specifier: src });
    else if (script.attributes.get('type') === 'module') {
      for (const specifier of staticImports(script.body))
        entries.push({ from: pagePath, specifier });
    }
  }
  const islands = tags(html, 'astro-island');
  for (const island of islands) {
    for (const attribute of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = island.attributes.get(attribute);
      if (url) entries.push({ from: pagePath, specifier: url });
    }
  }
  for (const link of tags(html, 'link')) {
    const href = link.attributes.get('href');
    if (href && link.attributes.get('rel') === 'modulepreload') {
      entries.push({ from: pagePath, specifier: href });
    }
  }

  const files = new Map<string, number>();
  const missing: string[] = [];
  const external: string[] = [];
  const queue = [...entries];
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (isExternal(next.specifier, pageUrl)) {
      external.push(`${next.specifier} (from ${next.from})`);
      continue;
    }
    const path = new URL(next.specifier, new URL(next.from, pageUrl)).pathname;
    if (files.has(path)) continue;
    const file = join(clientDir, ...posix.normalize(decodeURIComponent(path)).split('/'));
    if (!existsSync(file)) {
      missing.push(`${path} (from ${next.from})`);
      continue;
    }
    const code = readFileSync(file);
    files.set(path, gzipSync(code, { level: 9 }).byteLength);
    for (const specifier of staticImports(code.toString('utf8'))) {
      queue.push({ from: path, specifier });
    }
  }
  return { files, missing, external, islands: islands.length };
}

describe('a post page', () => {
  let server: TestServer;
  let pageUrl: string;
  let html: string;

  beforeAll(async () => {
    server = await startTestServer();
    const home = await (await fetch(`${server.url}/`)).text();
    const postPath = firstPostPath(home);
    if (!postPath) throw new Error('The home page lists no post');
    pageUrl = `${server.url}${postPath}`;
    const response = await fetch(pageUrl);
    expect(response.status).toBe(200);
    html = await response.text();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('loads at most 80 KB of JavaScript (gzip -9) from the built client files', () => {
    const built = new Set(
      readdirSync(join(clientDir, '_astro')).filter((name) => name.endsWith('.js')),
    );
    const { files, missing, external, islands } = javaScriptLoadedBy(html, pageUrl);

    expect(islands, 'the page has its islands').toBeGreaterThan(0);
    expect(missing, 'scripts the page refers to that are not in dist/client').toEqual([]);
    expect(external, 'scripts from another host').toEqual([]);
    for (const path of files.keys()) {
      expect(built.has(posix.basename(path)) && path.startsWith('/_astro/'), path).toBe(true);
    }

    const total = [...files.values()].reduce((sum, bytes) => sum + bytes, 0);
    const breakdown = [...files]
      .sort((a, b) => b[1] - a[1])
      .map(([path, bytes]) => `${path} ${(bytes / 1024).toFixed(1)} KB`)
      .join(', ');
    expect(
      total,
      `post page JavaScript ${(total / 1024).toFixed(1)} KB gzip: ${breakdown}`,
    ).toBeLessThanOrEqual(budgetBytes);
  });

  it('loads no script or stylesheet from another host', () => {
    const references = [
      ...tags(html, 'script').map((script) => script.attributes.get('src')),
      ...tags(html, 'link')
        .filter((link) => loadsCodeOrStyle(link.attributes))
        .map((link) => link.attributes.get('href')),
      ...tags(html, 'astro-island').flatMap((island) => [
        island.attributes.get('component-url'),
        island.attributes.get('renderer-url'),
      ]),
    ].filter((url): url is string => url !== undefined && url !== '');
    expect(references.filter((url) => isExternal(url, pageUrl))).toEqual([]);
  });
});
