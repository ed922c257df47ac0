import { adminMessages } from '../features/admin/messages.ts';
import { adminJson } from './admin-api.ts';

/**
 * An admin call's JSON body, or the refusal to send: 415 for another type, 400 for what is
 * too large or not JSON (the HTTP front refuses larger bodies before they are read).
 */
export async function readAdminJson(
  request: Request,
  maxBytes: number,
): Promise<Record<string, unknown> | Response> {
  if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) {
    return adminJson(415, { ok: false, message: adminMessages.notJson });
  }
  try {
    const text = await request.text();
    if (text.length > maxBytes) throw new Error('too large');
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('shape');
    return body as Record<string, unknown>;
  } catch {
    return adminJson(400, { ok: false, message: adminMessages.unreadable });
  }
}
