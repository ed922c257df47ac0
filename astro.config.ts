import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import type { AstroIntegration } from 'astro';
import { defineConfig } from 'astro/config';
import type { Plugin } from 'vite';
import { adminBundle } from './src/features/admin/server/admin-bundle.ts';
import { qstatBeacon } from './src/features/stats/server/beacon-bundle.ts';
import { quireReactRenderer } from './src/platform/astro-react.ts';
import { rememberCspDigests } from './src/server/csp-digest-memo.ts';
import { serverFront } from './src/server/front-bundle.ts';
import { rememberIslandProps } from './src/server/island-props-memo.ts';

/**
 * Lets an entry of the browser build (an island's component, Astro's React renderer, a page
 * script) be the very chunk its code-splitting group makes. Astro builds the client with
 * `preserveEntrySignatures: 'exports-only'`, under which an entry whose module landed in a group
 * gets a file of its own that only re-exports it: three such files of under 50 bytes were three
 * of a post page's requests. With 'allow-extension' the entry may export more than its module
 * does, which no island or renderer import notices (decision 0007).
 */
function clientEntriesMayShareChunks(): Plugin {
  return {
    name: 'quire:client-entries-may-share-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    options: (options) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
  };
}

/**
 * React and the other packages every island needs, with Quire's React client for the browser
 * (platform/react-client.ts, the entry whose file this group is) and the mark it reads.
 * Packages that only lazily loaded chunks use stay with those chunks. The bundler's runtime
 * helpers join this file on their own: no group can take them, and every chunk that uses
 * them imports React.
 */
const lazyLibraries =
  /node_modules[\\/](?!(?:uqr|react-day-picker|date-fns|@date-fns|downshift|compute-scroll-into-view|tslib|@babel[\\/]runtime|prop-types|react-is|@maskito|libphonenumber-js|@zxcvbn-ts|fastest-levenshtein|signature_pad|altcha|dompurify)[\\/])|[\\/]src[\\/]platform[\\/](?:react-client|before-hydration)\.ts$/;

/** The form island's modules: the forms feature less the lazily loaded views and rules. */
const formIslandModules =
  /[\\/]src[\\/]features[\\/]forms[\\/](?!address-bar|captcha|view-messages|ui[\\/]fields[\\/]|ui[\\/]styled-errors|ui[\\/]PaymentFields|ui[\\/]card-provider|more-|password-strength|rules[\\/](?:date|time|mask|address|phone|password|repeater|rich-text|scales|files|credit-card)\.ts)/;

/**
 * Outside the forms feature, what the form island alone uses in the browser: the payments
 * feature's money and pricing, and the filling of a message's placeholders.
 */
const formIslandOthers =
  /[\\/]src[\\/](?:features[\\/]payments[\\/](?:currency|order-pricing)|platform[\\/]fill-message)\.ts/;

/**
 * Quire's own code that the page-behaviour script, the islands and the form island share, in
 * the behaviour script's file. Vite's (one-line) helper for lazy imports is shared too, not a
 * file of its own. The browser's sanitiser stays with DOMPurify, loaded when a form needs it;
 * the HTML escaper with the WeChat overlay's QR code, loaded on a click; the time-zone check
 * with the date and time fields that use it.
 */
const sharedQuireCode =
  /[\\/]src[\\/](?!features[\\/](?:forms|share)[\\/]|features[\\/]payments[\\/](?:currency|order-pricing)\.ts|platform[\\/](?:fill-message|html-escape|time-zone)\.ts|layouts[\\/]islands\.ts|platform[\\/]sanitise-in-browser\.ts)|vite[\\/]preload-helper/;

/** Vite's module that wraps every lazy `import()` of the browser build. */
const vitePreloadHelper = '\0vite/preload-helper.js';

/**
 * Lazy imports without Vite's preloading helper. The helper (about 0.8 KB gzip, in every page's
 * shared chunk) fetches a lazily loaded chunk's imports and stylesheets alongside it; Quire's
 * lazy chunks (the share bar's click-only overlays) have no stylesheet, the one site stylesheet
 * carries their rules, and what they import is either loaded already or one small file fetched
 * after them on a click. So no preload list is made and `import()` is called as written
 * (decision 0007).
 */
function lazyImportsWithoutPreload(): Plugin {
  return {
    name: 'quire:lazy-imports-without-preload',
    enforce: 'pre',
    configEnvironment: (name) =>
      name === 'client' ? { build: { modulePreload: false } } : undefined,
    applyToEnvironment: (environment) => environment.name === 'client',
    load: (id) =>
      id === vitePreloadHelper ? 'export const __vitePreload = (load) => load();' : undefined,
  };
}

/**
 * The browser side of both React renderers: Quire's copy of Astro's React client, which first
 * waits for what an island asked to load before it hydrates (src/platform/react-client.ts,
 * decision 0007). A path, not a URL: Astro builds only the client entries given as strings.
 */
const reactClient = fileURLToPath(new URL('./src/platform/react-client.ts', import.meta.url));

/**
 * Astro's React integration with its renderer's browser side replaced by Quire's. With two
 * client entries, Astro's and Quire's, the React group could be neither's file, and each would
 * get a file of its own that only re-exports the group's: a request more on every page.
 */
function astroReact(): AstroIntegration {
  const integration = react({ experimentalDisableStreaming: true });
  const setUp = integration.hooks['astro:config:setup'];
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': (options) =>
        setUp?.({
          ...options,
          addRenderer: (renderer) =>
            options.addRenderer({ ...renderer, clientEntrypoint: reactClient }),
        }),
    },
  };
}

/**
 * Quire's React renderer beside Astro's (src/platform/react-renderer.ts): the components pages
 * render are tagged for it; it renders with Astro's and keeps the markup of pure components
 * (decision 0069). Its browser side is the same as Astro's renderer's.
 */
function quireReact(): AstroIntegration {
  return {
    name: 'quire:react-renderer',
    hooks: {
      'astro:config:setup': ({ addRenderer }) => {
        addRenderer({
          name: quireReactRenderer,
          clientEntrypoint: reactClient,
          serverEntrypoint: new URL('./src/platform/react-renderer.ts', import.meta.url),
        });
      },
    },
  };
}

// The built app runs behind Quire's own HTTP front (src/platform/http/), which serves
// static files and cached pages before Astro renders anything: see
// docs/decisions/0003-http-front-and-page-cache.md.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Pages are rendered whole (no Suspense streaming): renderToString is several times cheaper.
  // The beacon is its own esbuild bundle, inlined into the pages (decision 0018); the HTTP
  // front is built to dist/front/ as plain JavaScript (decision 0031).
  integrations: [astroReact(), quireReact(), qstatBeacon(), adminBundle(), serverFront()],
  server: { host: '127.0.0.1', port: 4321 },
  security: {
    // Forms posted from another site are refused by src/middleware.ts, which also knows the
    // site's public address: behind a proxy that ends TLS this check refused every form.
    checkOrigin: false,
    // Every page's Content-Security-Policy header: scripts run only from the site's own files,
    // by hash when inlined (Astro hashes its own; Document.astro adds the beacon's), and
    // Facebook's SDK when a page plugin is shown with consent. Styles stay inline-friendly:
    // islands set style attributes, and the head carries the settings' CSS.
    csp: {
      algorithm: 'SHA-256',
      scriptDirective: { resources: ["'self'", 'https://connect.facebook.net'] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self' data:",
        "connect-src 'self' https://*.facebook.com",
        'frame-src https://*.facebook.com',
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'self'",
        // A form's confirmation may redirect to another site after a normal POST.
        "form-action 'self' http: https:",
      ],
    },
  },
  // The site stylesheet is one cached file shared by every page, not 11 KB inside each one.
  build: { inlineStylesheets: 'auto' },
  compressHTML: true,
  vite: {
    environments: {
      client: {
        build: {
          rollupOptions: {
            // Fewer, larger browser chunks, so a post page loads three script files: React with
            // the React client, Quire's shared code with the page-behaviour script, and the
            // header and share islands' module, src/layouts/islands.ts (decision 0007). No module
            // of the browser build may use a top-level await: with one, each entry gets a file
            // that only re-exports its group's, and the bundler's helpers a file of their own.
            output: {
              codeSplitting: {
                groups: [
                  // uqr (the QR encoder) belongs to the WeChat overlay, loaded on a click only,
                  // and the form fields' libraries to the fields that load them (decision 0039).
                  { name: 'react', test: lazyLibraries, priority: 3 },
                  // The form island's code in one file, its component's; the views of the field types
                  // not every form has (ui/fields/, payments) and their rules in files of their own,
                  // which the island loads before it hydrates (platform/before-hydration.ts).
                  {
                    name: 'forms',
                    test: (id: string) => formIslandModules.test(id) || formIslandOthers.test(id),
                    priority: 1,
                  },
                  // Forms code stays in its own chunk, loaded only by pages that embed a form;
                  // the share island's code in the islands' file with the header's, and its
                  // click-only overlays in their own lazily loaded file. The islands' module
                  // stays out (a second entry in this group would get a file that only
                  // re-exports it), and so do React components (the header's, its icons): this
                  // group's file is the page-behaviour script's, which must not wait for React.
                  {
                    name: 'quire',
                    test: (id: string) => sharedQuireCode.test(id) && !id.endsWith('.tsx'),
                    priority: 2,
                  },
                ],
              },
            },
          },
        },
      },
    },
    plugins: [
      clientEntriesMayShareChunks(),
      lazyImportsWithoutPreload(),
      rememberCspDigests(),
      rememberIslandProps(),
    ],
  },
  devToolbar: { enabled: false },
});
