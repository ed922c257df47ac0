import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../platform/config.ts';
import { registerAppContext } from './app-registry.ts';
import { boot } from './boot.ts';
import { type AstroHandler, createRequestListener } from './http-front.ts';
import { loadStaticFiles } from './static-files.ts';

/** `npm run serve`: boots Quire and serves the built site. */
async function main(): Promise<void> {
  const distDir = process.env.QUIRE_DIST_DIR ?? 'dist';
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) {
    console.error(
      `No built site at ${entry}. Run "npm run build" first (or "npm start", which builds).`,
    );
    process.exit(1);
  }
  let app: Awaited<ReturnType<typeof boot>>;
  try {
    app = await boot();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  registerAppContext(app);
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const server = createServer(
    { keepAliveTimeout: 5000, requestTimeout: 30_000, headersTimeout: 10_000 },
    createRequestListener(app, handler, loadStaticFiles(join(distDir, 'client'))),
  );
  server.listen(app.config.port, app.config.host, () => {
    app.log.info(
      `Quire is serving ${app.config.siteUrl} (listening on http://${app.config.host}:${app.config.port})`,
    );
  });
  server.on('error', (error) => {
    app.log.error(`Cannot listen on ${app.config.host}:${app.config.port}: ${error.message}`);
    process.exit(1);
  });
  const stop = () => {
    app.log.info('Shutting down');
    server.close(() => {
      void app.close().then(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
