import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// The built app runs behind Quire's own HTTP front (src/platform/http/), which serves
// static files and cached pages before Astro renders anything: see
// docs/decisions/0003-http-front-and-page-cache.md.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  server: { host: '127.0.0.1', port: 4321 },
  build: { inlineStylesheets: 'always' },
  compressHTML: true,
  devToolbar: { enabled: false },
});
