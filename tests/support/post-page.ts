import { firstPostPath } from '../../bench/first-post-path.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export type ServedPostPage = { server: TestServer; pageUrl: string; html: string };

/** Starts the built site and fetches the newest post, the page the size budgets are about. */
export async function servePostPage(): Promise<ServedPostPage> {
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
