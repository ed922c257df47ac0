import type { AdminReply } from './admin-call.ts';

/**
 * Sends one file to an admin call as multipart form data, with the session's CSRF token, and
 * reports how much of it has gone (fetch cannot tell an upload's progress; XMLHttpRequest can).
 * `fields` go before the file, so the server reads them before it. A request that never got an
 * answer reads as `{ ok: false, message: failed }`.
 */
export function uploadWithProgress(
  path: string,
  csrf: string,
  file: File,
  onProgress: (fraction: number) => void,
  failed: string,
  fields: Record<string, string> = {},
): Promise<AdminReply> {
  return new Promise((resolve) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('x-csrf-token', csrf);
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const reply = request.response as AdminReply | null;
      resolve(
        reply && (reply.ok || typeof reply.message === 'string')
          ? reply
          : { ok: false, message: failed },
      );
    });
    request.addEventListener('error', () => resolve({ ok: false, message: failed }));
    request.addEventListener('abort', () => resolve({ ok: false, message: failed }));
    request.send(form);
  });
}
