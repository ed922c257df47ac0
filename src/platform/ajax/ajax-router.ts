/**
 * The site's single AJAX endpoint, `POST /ajax` (contract §1): each feature registers its
 * actions by name (`qforms_submit`, …); the router reads the body within the action's size
 * limit, hands the action its fields and answers `{ success, data }` as JSON.
 */

/** The fields of a posted body, in order; files are not read by any action yet. */
export type AjaxFields = {
  entries: Array<[string, string]>;
  get(name: string): string | undefined;
};

export type AjaxReply = { success: boolean; data: unknown; status?: number };

export type AjaxAction<Context> = {
  name: string;
  /** Largest body this action reads, in bytes. */
  maxBodyBytes: number;
  /** Most body fields it reads. */
  maxFields: number;
  handle(fields: AjaxFields, request: Request, context: Context): Promise<AjaxReply>;
  /** How this action words a refusal by the router (too large, malformed), so its client shows it. */
  refusal?: (message: string) => unknown;
};

export const ajaxMessages = {
  methodNotAllowed: 'Use POST for this endpoint.',
  unknownAction: 'Unknown action.',
  badContentType: 'Send the fields as application/x-www-form-urlencoded or multipart/form-data.',
  tooLarge: 'The submission is too large.',
  tooManyFields: 'The submission has too many fields.',
  malformed: 'The submission could not be read.',
} as const;

class BodyTooLarge extends Error {}

async function readLimited(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new BodyTooLarge();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export type PostedFields =
  | { ok: true; fields: AjaxFields; bytes: number }
  | { ok: false; status: number; message: string };

/**
 * Reads a form-encoded or multipart body without ever holding more than `maxBytes` of it,
 * and no more than `maxFields` fields. Used by `/ajax` and by pages that take a normal POST.
 */
export async function readPostedFields(
  request: Request,
  limits: { maxBytes: number; maxFields: number },
): Promise<PostedFields> {
  // The multipart boundary is case-sensitive: only the media type is compared in lower case.
  const type = request.headers.get('content-type') ?? '';
  const mediaType = type.toLowerCase();
  if (
    !mediaType.startsWith('multipart/form-data') &&
    !mediaType.startsWith('application/x-www-form-urlencoded')
  ) {
    return { ok: false, status: 415, message: ajaxMessages.badContentType };
  }
  let body: Buffer;
  try {
    body = await readLimited(request, limits.maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      return { ok: false, status: 413, message: ajaxMessages.tooLarge };
    }
    throw error;
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    return { ok: false, status: 400, message: ajaxMessages.malformed };
  }
  const entries: Array<[string, string]> = [];
  for (const [name, value] of form) {
    if (entries.length >= limits.maxFields) {
      return { ok: false, status: 413, message: ajaxMessages.tooManyFields };
    }
    if (typeof value === 'string') entries.push([name, value]);
  }
  return {
    ok: true,
    bytes: body.byteLength,
    fields: { entries, get: (name) => entries.find(([n]) => n === name)?.[1] },
  };
}

const json = (reply: AjaxReply) =>
  new Response(JSON.stringify({ success: reply.success, data: reply.data }), {
    status: reply.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

export class AjaxRouter<Context> {
  readonly #actions = new Map<string, AjaxAction<Context>>();
  /** The largest body any action reads: the router reads no more before it knows the action. */
  #largestBody = 0;
  #mostFields = 0;

  register(...actions: AjaxAction<Context>[]): this {
    for (const action of actions) {
      if (this.#actions.has(action.name)) throw new Error(`AJAX action ${action.name} twice`);
      this.#actions.set(action.name, action);
      this.#largestBody = Math.max(this.#largestBody, action.maxBodyBytes);
      this.#mostFields = Math.max(this.#mostFields, action.maxFields);
    }
    return this;
  }

  async handle(request: Request, context: Context): Promise<Response> {
    if (request.method !== 'POST') {
      return json({
        success: false,
        data: { message: ajaxMessages.methodNotAllowed },
        status: 405,
      });
    }
    // The action is only known once the body is read, so the body may be as large as the
    // largest any action takes, with as many fields; each action's own limits follow.
    const posted = await readPostedFields(request, {
      maxBytes: this.#largestBody,
      maxFields: this.#mostFields,
    });
    if (!posted.ok) {
      return json({ success: false, data: { message: posted.message }, status: posted.status });
    }
    const actionName = posted.fields.get('action');
    const action = actionName === undefined ? undefined : this.#actions.get(actionName);
    if (!action) {
      return json({ success: false, data: { message: ajaxMessages.unknownAction }, status: 400 });
    }
    const refuse = (message: string, status: number) =>
      json({ success: false, data: action.refusal?.(message) ?? { message }, status });
    if (posted.bytes > action.maxBodyBytes) return refuse(ajaxMessages.tooLarge, 413);
    if (posted.fields.entries.length > action.maxFields) {
      return refuse(ajaxMessages.tooManyFields, 413);
    }
    return json(await action.handle(posted.fields, request, context));
  }
}
