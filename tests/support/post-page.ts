import { afterAll, beforeAll } from 'vitest';
import { firstPostPath } from './first-post-path.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export type ServedPostPage = { server: TestServer; pageUrl: string; html: string };

/** Starts the built site and fetches the newest post, the page the size budgets are about. */
async function servePostPage(): Promise<ServedPostPage> {
  const server = await startTestServer();
  const home = await (await fetch(`${server.url}/`)).text();
  const postPath = firstPostPath(home);
  if (!postPath) {
    await server.stop();
    throw new Error('The home page lists no post');
  }
  const pageUrl = `${server.url}${postPath}`;
  const response = await fetch(pageUrl);
  if (response.status !== 200) {
    await server.stop();
    throw new Error(`${postPath} answered ${response.status}`);
  }
  return { server, pageUrl, html: await response.text() };
}

/**
 * Serves the post page for the suite it is called in: started before its first test and
 * stopped after its last. Read `html` and `pageUrl` inside the tests.
 */
export function usePostPage(): { readonly html: string; readonly pageUrl: string } {
  let served: ServedPostPage | undefined;
  beforeAll(async () => {
    served = await servePostPage();
  });
  afterAll(async () => {
    await served?.server.stop();
  });
  const current = () => {
    if (!served) throw new Error('The post page is served only while the suite runs');
    return served;
  };
  return {
    get html() {
      return current().html;
    },
    get pageUrl() {
      return current().pageUrl;
    },
  };
}
