import { adminMessages, editorMessages } from '../messages.ts';

export type AdminReply = {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
} & Record<string, unknown>;

/**
 * Sends an admin call with the session's CSRF token and reads its answer: JSON, or a form
 * (an upload). A request that never got an answer (a dropped connection, a server restarting)
 * reads as a failure with `failed`, which the owner can retry; nothing typed is lost.
 */
export async function callAdmin(
  path: string,
  csrf: string,
  body: unknown,
  failed: string = adminMessages.settingsFailed,
): Promise<AdminReply> {
  const form = body instanceof FormData;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: form
        ? { 'x-csrf-token': csrf }
        : { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: form ? body : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const reply = (await response.json()) as AdminReply;
    return typeof reply.message === 'string' || reply.ok ? reply : { ok: false, message: failed };
  } catch {
    return { ok: false, message: failed };
  }
}

/** An image the media pipeline stored: its id, file name, address in a post, and a small variant. */
export type UploadedImage = { id: number; fileName: string; path: string; thumbnail: string };

/** Sends an image to the media pipeline; the answer says what it stored, or why not. */
export async function uploadImage(
  file: File,
  csrf: string,
  alt = '',
): Promise<{ ok: true; image: UploadedImage } | { ok: false; message: string }> {
  const form = new FormData();
  form.set('file', file);
  form.set('alt', alt);
  const reply = await callAdmin('/admin/api/media', csrf, form, editorMessages.failed);
  return reply.ok
    ? { ok: true, image: reply.image as UploadedImage }
    : { ok: false, message: reply.message };
}
