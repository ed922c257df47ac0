import { adminMessages } from '../features/admin/messages.ts';
import {
  type AdminSession,
  csrfTokenMatches,
  readSession,
} from '../features/admin/server/sessions.ts';
import type { AppContext } from './boot.ts';

/** An admin call's answer: JSON, never cached. */
export function adminJson(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * The administrator making an admin call (`/admin/api/…`), or the refusal to send: 401 without
 * a live session, 403 without the session's CSRF token in `X-CSRF-Token`.
 */
export async function adminCaller(
  app: AppContext,
  request: Request,
): Promise<AdminSession | Response> {
  const session = await readSession(app.database.db, request.headers.get('cookie'));
  if (!session) return adminJson(401, { ok: false, message: adminMessages.sessionEnded });
  if (!csrfTokenMatches(app.secret, session, request.headers.get('x-csrf-token'))) {
    return adminJson(403, { ok: false, message: adminMessages.staleForm });
  }
  return session;
}
