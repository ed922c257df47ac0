import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { qstatBeacon } from './src/features/stats/server/beacon-bundle.ts';

// The built app runs behind Quire's own HTTP front (src/platform/http/), which serves
// static files and cached pages before Astro renders anything: see
// docs/decisions/0003-http-front-and-page-cache.md.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Pages are rendered whole (no Suspense streaming): renderToString is several times cheaper.
  // The beacon is its own esbuild bundle, inlined into the pages (decision 0018).
  integrations: [react({ experimentalDisableStreaming: true }), qstatBeacon()],
  server: { host: '127.0.0.1', port: 4321 },
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
