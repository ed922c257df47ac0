import type { RateLimit } from '../rate-limit.ts';
import { readMultipartBody, type UploadReceiver } from './multipart-body.ts';

/**
 * The site's single AJAX endpoint, `POST /ajax` (contract §1): each feature registers its
 * actions by name (`qforms_submit`, …); the router reads the body within the action's size
 * limit, counts the call against the action's rate limit, hands the action its fields and
 * answers `{ success, data }` as JSON.
 */

/**
 * The fields of a posted body, in order, and the files its upload receiver stored (none without
 * one); files no action claims are released once the action is done.
 */
export type AjaxFields = {
  entries: Array<[string, string]>;
  get(name: string): string | undefined;
  files: readonly unknown[];
};

export type AjaxReply = { success: boolean; data: unknown; status?: number };

/**
 * How many calls one client may make to an action. The router counts each call (per client,
 * in the shared `rate_limits` table) before the action runs, and answers 429 past the limit.
 * `counted-by-action` is for an action that counts in the transaction of the write it guards,
 * so that a refused call writes nothing; the router then leaves the counting to it.
 */
export type AjaxRateLimit<Context> =
  | { limit: number | ((context: Context) => number); windowMs: number }
  | 'counted-by-action';

/** Counts one call of a client (the context knows which) under `rule`. */
export type TakeRateLimit<Context> = (
  context: Context,
  rule: RateLimit,
) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;

export type AjaxAction<Context> = {
  name: string;
  /** Largest body this action reads, in bytes. */
  maxBodyBytes: number;
  /** Most body fields it reads. */
  maxFields: number;
  rateLimit: AjaxRateLimit<Context>;
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
  unavailable: 'The site could not take this just now. Please try again in a moment.',
  tooManyRequests: (seconds: number) =>
    `Too many requests from your connection. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
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

/** A request's body whole, or undefined past `maxBytes` (the rest is left unread). */
export async function readBodyWithin(
  request: Request,
  maxBytes: number,
): Promise<Buffer | undefined> {
  try {
    return await readLimited(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) return undefined;
    throw error;
  }
}

export type PostedFields =
  | { ok: true; fields: AjaxFields; bytes: number }
  | {
      ok: false;
      status: number;
      message: string;
      /** What was read of the text fields before the refusal (a multipart body's). */
      entries?: Array<[string, string]>;
    };

const withLookup = (entries: Array<[string, string]>, files: readonly unknown[] = []) => ({
  entries,
  files,
  get: (name: string) => entries.find(([n]) => n === name)?.[1],
});

/**
 * Reads a form-encoded or multipart body without ever holding more than `maxBytes` of it,
 * and no more than `maxFields` fields. Used by `/ajax` and by pages that take a normal POST.
 * With an upload receiver, a multipart body is read as it arrives and its files are streamed
 * to storage (`maxBytes` then bounds its text fields; the receiver, its files).
 */
export async function readPostedFields(
  request: Request,
  limits: { maxBytes: number; maxFields: number },
  uploads?: UploadReceiver<unknown>,
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
  const multipart = mediaType.startsWith('multipart/form-data');
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  // A body that may carry files larger than the text limit is streamed, its files to storage.
  if (uploads && multipart && !(declared <= limits.maxBytes)) {
    return fromMultipart(request, type, limits, uploads);
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
  // A small body with a file part: its files still go through the receiver. Most submissions
  // have none, and the platform's own parser reads them several times faster.
  if (uploads && multipart && body.includes('filename=')) {
    const buffered = new Request(request.url, {
      method: 'POST',
      headers: request.headers,
      body: new Uint8Array(body),
    });
    return fromMultipart(buffered, type, limits, uploads);
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
  return { ok: true, bytes: body.byteLength, fields: withLookup(entries) };
}

async function fromMultipart(
  request: Request,
  type: string,
  limits: { maxBytes: number; maxFields: number },
  uploads: UploadReceiver<unknown>,
): Promise<PostedFields> {
  const read = await readMultipartBody(request, type, {
    maxTextBytes: limits.maxBytes,
    maxFields: limits.maxFields,
    receiver: uploads,
  });
  if (!read.ok) return read;
  return { ok: true, bytes: 0, fields: withLookup(read.entries, read.files) };
}

const json = (reply: AjaxReply, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ success: reply.success, data: reply.data }), {
    status: reply.status ?? 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  });

export class AjaxRouter<Context> {
  readonly #actions = new Map<string, AjaxAction<Context>>();
  readonly #takeRateLimit: TakeRateLimit<Context>;
  readonly #onError: (error: unknown, action: string, context: Context) => void;
  readonly #uploads: ((context: Context) => UploadReceiver<unknown>) | undefined;
  /** The largest body any action reads: the router reads no more before it knows the action. */
  #largestBody = 0;
  #mostFields = 0;

  constructor(options: {
    takeRateLimit: TakeRateLimit<Context>;
    /** Told of an action that failed; the client gets a 503 it can show and try again after. */
    onError: (error: unknown, action: string, context: Context) => void;
    /**
     * Where a multipart body's files go as they arrive (the forms' storage); without it, files
     * are not read. Those the action does not claim are released after it.
     */
    uploads?: (context: Context) => UploadReceiver<unknown>;
  }) {
    this.#takeRateLimit = options.takeRateLimit;
    this.#onError = options.onError;
    this.#uploads = options.uploads;
  }

  /** The largest body any registered action reads, in bytes. */
  get largestBody(): number {
    return this.#largestBody;
  }

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
    const uploads = this.#uploads?.(context);
    const posted = await readPostedFields(
      request,
      { maxBytes: this.#largestBody, maxFields: this.#mostFields },
      uploads,
    );
    if (!posted.ok) {
      // A multipart body names its action before its files (the forms' client sends it first),
      // so a refusal of its files is worded as that action's clients read it.
      const named = posted.entries && withLookup(posted.entries).get('action');
      const refusal = named === undefined ? undefined : this.#actions.get(named)?.refusal;
      if (refusal) {
        return json({ success: false, data: refusal(posted.message), status: posted.status });
      }
      return json({ success: false, data: { message: posted.message }, status: posted.status });
    }
    try {
      return await this.#answer(posted.fields, posted.bytes, request, context);
    } finally {
      if (uploads && posted.fields.files.length > 0) await uploads.release(posted.fields.files);
    }
  }

  async #answer(
    fields: AjaxFields,
    bytes: number,
    request: Request,
    context: Context,
  ): Promise<Response> {
    const actionName = fields.get('action');
    const action = actionName === undefined ? undefined : this.#actions.get(actionName);
    if (!action) {
      return json({ success: false, data: { message: ajaxMessages.unknownAction }, status: 400 });
    }
    const refuse = (message: string, status: number, headers?: Record<string, string>) =>
      json({ success: false, data: action.refusal?.(message) ?? { message }, status }, headers);
    if (bytes > action.maxBodyBytes) return refuse(ajaxMessages.tooLarge, 413);
    if (fields.entries.length > action.maxFields) {
      return refuse(ajaxMessages.tooManyFields, 413);
    }
    try {
      return await this.#run(action, fields, request, context, refuse);
    } catch (error) {
      this.#onError(error, action.name, context);
      return refuse(ajaxMessages.unavailable, 503, { 'retry-after': '5' });
    }
  }

  async #run(
    action: AjaxAction<Context>,
    fields: AjaxFields,
    request: Request,
    context: Context,
    refuse: (message: string, status: number, headers?: Record<string, string>) => Response,
  ): Promise<Response> {
    if (action.rateLimit !== 'counted-by-action') {
      const { limit, windowMs } = action.rateLimit;
      const taken = await this.#takeRateLimit(context, {
        scope: `ajax:${action.name}`,
        limit: typeof limit === 'function' ? limit(context) : limit,
        windowMs,
      });
      if (!taken.allowed) {
        const seconds = Math.max(1, taken.retryAfterSeconds);
        return refuse(ajaxMessages.tooManyRequests(seconds), 429, {
          'retry-after': String(seconds),
        });
      }
    }
    return json(await action.handle(fields, request, context));
  }
}
