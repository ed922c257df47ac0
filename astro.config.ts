import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// The built app runs behind Quire's own HTTP front (src/platform/http/), which serves
// static files and cached pages before Astro renders anything: see
// docs/decisions/0003-http-front-and-page-cache.md.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Pages are rendered whole (no Suspense streaming): renderToString is several times cheaper.
  integrations: [react({ experimentalDisableStreaming: true })],
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
                  // The QR encoder is only for the WeChat overlay, loaded when it opens.
                  { name: 'react', test: /node_modules[\\/](?!uqr[\\/])/, priority: 2 },
                  // Forms code stays in its own chunk, loaded only by pages that embed a form;
                  // the WeChat and Pinterest overlays load when a visitor opens one.
                  {
                    name: 'quire',
                    test: /[\\/]src[\\/](?!features[\\/]forms[\\/]|features[\\/]share[\\/](?:ui[\\/]overlays[\\/]|qr-code))/,
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
