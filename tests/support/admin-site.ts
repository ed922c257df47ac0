import { createSession } from '../../src/features/admin/server/sessions.ts';
import { createAdmin } from '../../src/features/admin/server/users.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import type { TestDatabase } from './databases.ts';
import { startTestSite, type TestServer, type TestSite } from './test-server.ts';

export type AdminSite = TestSite & {
  /** The `Cookie` header of a signed-in administrator's session. */
  cookie: string;
};

/**
 * The built site on an emptied test database, with one administrator signed in: what the admin
 * screens' HTTP tests start from. `env` is added to the server's environment.
 */
export async function startAdminSite(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<AdminSite> {
  const site = await startTestSite(database, env);
  const admin = await createAdmin(site.handle.db, {
    name: 'Owner',
    email: 'owner@example.org',
    password: 'a long and careful password',
  });
  return {
    ...site,
    cookie: `${sessionCookieName}=${await createSession(site.handle.db, admin.id)}`,
  };
}

/** The CSRF token an admin screen's forms carry. */
export const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** An admin screen's HTML with the entities React writes decoded, to read its texts. */
export const decodeHtml = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * An admin screen's requests, as the owner's browser sends them: a GET (redirects not
 * followed) and a form POST from the site's own origin, with the session's cookie unless
 * `auth` says otherwise.
 */
export function adminRequests(site: { server: TestServer; cookie: string }) {
  const { server, cookie } = site;
  const get = async (path: string, auth = cookie) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: auth ? { cookie: auth } : {},
      redirect: 'manual',
    });
    return { status: response.status, response, body: await response.text() };
  };
  const post = async (path: string, fields: Record<string, string>, auth = cookie) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: server.url,
        'content-type': 'application/x-www-form-urlencoded',
        ...(auth ? { cookie: auth } : {}),
      },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, response, body: await response.text() };
  };
  return { get, post };
}

/** The rows of the first table in `html`, each as the text of its cells (header and footer too). */
export function tableCells(html: string): string[][] {
  const table = html.slice(html.indexOf('<table'), html.indexOf('</table>'));
  return [...table.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((cell) =>
      decodeHtml((cell[1] ?? '').replace(/<[^>]+>/g, '')).trim(),
    ),
  );
}
