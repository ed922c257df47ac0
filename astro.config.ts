import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { qstatBeacon } from './src/features/stats/server/beacon-bundle.ts';
import { serverFront } from './src/server/front-bundle.ts';

// The built app runs behind Quire's own HTTP front (src/platform/http/), which serves
// static files and cached pages before Astro renders anything: see
// docs/decisions/0003-http-front-and-page-cache.md.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Pages are rendered whole (no Suspense streaming): renderToString is several times cheaper.
  // The beacon is its own esbuild bundle, inlined into the pages (decision 0018); the HTTP
  // front is built to dist/front/ as plain JavaScript (decision 0031).
  integrations: [react({ experimentalDisableStreaming: true }), qstatBeacon(), serverFront()],
  server: { host: '127.0.0.1', port: 4321 },
  security: {
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
            // Fewer, larger browser chunks: React in one, Quire's island code in another, so a
            // page costs a handful of requests (decision 0007).
            output: {
              codeSplitting: {
                groups: [
                  // uqr (the QR encoder) belongs to the WeChat overlay, loaded on a click only.
                  { name: 'react', test: /node_modules[\\/](?!uqr[\\/])/, priority: 2 },
                  // Forms code stays in its own chunk, loaded only by pages that embed a form;
                  // the share island's code in its entry file, so its size can be told apart,
                  // and its click-only overlays in their own lazily loaded file.
                  {
                    name: 'quire',
                    // Vite's helper for lazy imports is shared too, rather than one more request.
                    test: /[\\/]src[\\/](?!features[\\/](?:forms|share)[\\/])|vite[\\/]preload-helper/,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
});
