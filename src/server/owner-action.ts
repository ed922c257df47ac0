import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { adminMessages } from '../features/admin/messages.ts';
import type { Permission } from '../features/admin/permissions.ts';
import {
  type Owner,
  readOwner,
  refuseOwnerWrite,
  signedOutRefusal,
} from '../features/admin/server/owner-check.ts';
import { serverAdminMessages } from '../features/admin/server/server-messages.ts';
import { ajaxMessages, readBodyWithin, readPostedFields } from '../platform/ajax/ajax-router.ts';
import { adminJson } from './admin-api.ts';
import type { AppContext } from './boot.ts';
import { routeRules } from './routes.ts';

/**
 * The one checked action every owner write passes (issue 28). A new write declares its route's
 * body in the route table (`adminRoutes`: what it reads and how much), then:
 *
 * - an admin call (`/admin/api/…`) is `export const POST = ownerCall({ permission, input }, run)`;
 * - a screen's form post calls `ownerPost(admin, Astro.request, { permission, input })` and shows
 *   the refusal's message as the screen's notice, with its status.
 *
 * `input` is the zod schema of what the write takes: the JSON body, or the form's fields (a name
 * posted more than once is a list, see `postedList`; a file is a `File`). Give its checks the
 * messages a person should read; anything else it refuses reads as "could not be read".
 */

export type OwnerWriteOptions<Schema extends z.ZodType> = {
  permission: Permission;
  input: Schema;
};

export type OwnerWrite<Input> =
  | { ok: true; owner: Owner; input: Input }
  | { ok: false; status: number; message: string };

/**
 * Checks an owner's write, in this order: a live session (401), the body, read within the
 * route's declared limit and as the route table says it comes (413, 415, 400), the session's
 * CSRF token from the `csrf` field or the `X-CSRF-Token` header (403), the permission the write
 * needs (403), and the input, parsed with the write's schema (400, with the schema's message).
 */
export async function checkOwnerWrite<Schema extends z.ZodType>(
  app: AppContext,
  request: Request,
  { permission, input }: OwnerWriteOptions<Schema>,
  known?: Owner,
): Promise<OwnerWrite<z.output<Schema>>> {
  const owner =
    known ??
    (await readOwner({ db: app.database.db, secret: app.secret }, request.headers.get('cookie')));
  if (!owner) return { ok: false, ...signedOutRefusal };
  const body = await readOwnerBody(request);
  if (!body.ok) return body;
  const refusal = refuseOwnerWrite(
    app.secret,
    owner,
    body.token ?? request.headers.get('x-csrf-token'),
    permission,
  );
  if (refusal) return { ok: false, ...refusal };
  const parsed = input.safeParse(body.value, { error: () => adminMessages.unreadable });
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? '' };
  }
  return { ok: true, owner, input: parsed.data };
}

type OwnerBody =
  | { ok: true; value: Record<string, unknown>; token: string | undefined }
  | { ok: false; status: number; message: string };

/** The body of an owner's write, as its route declares it (`reads`), within its limits. */
async function readOwnerBody(request: Request): Promise<OwnerBody> {
  const rules = routeRules(new URL(request.url).pathname);
  if (rules.streamsBody) {
    throw new Error(`${request.url} streams its body: its handler reads it, not ownerPost`);
  }
  const limits = { maxBytes: rules.maxBodyBytes, maxFields: rules.maxFields ?? 0 };
  const type = request.headers.get('content-type') ?? '';
  if (rules.reads === 'form') {
    const posted = await readPostedFields(request, limits);
    if (!posted.ok) return posted;
    return {
      ok: true,
      value: fieldRecord(posted.fields.entries),
      token: posted.fields.get('csrf'),
    };
  }
  if (rules.reads === 'files') {
    const bytes = await readBodyWithin(request, limits.maxBytes);
    if (!bytes) return { ok: false, status: 413, message: ajaxMessages.tooLarge };
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(bytes), {
        headers: { 'content-type': type },
      }).formData();
    } catch {
      return { ok: false, status: 400, message: ajaxMessages.malformed };
    }
    const entries = [...form];
    if (entries.length > limits.maxFields) {
      return { ok: false, status: 413, message: ajaxMessages.tooManyFields };
    }
    const token = form.get('csrf');
    return {
      ok: true,
      value: fieldRecord(entries),
      token: typeof token === 'string' ? token : undefined,
    };
  }
  if (rules.reads !== 'json') {
    throw new Error(`${request.url} takes no body: declare what it reads in the route table`);
  }
  if (!type.startsWith('application/json')) {
    return { ok: false, status: 415, message: adminMessages.notJson };
  }
  const bytes = await readBodyWithin(request, limits.maxBytes);
  if (!bytes) return { ok: false, status: 413, message: ajaxMessages.tooLarge };
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error();
    return { ok: true, value: value as Record<string, unknown>, token: undefined };
  } catch {
    return { ok: false, status: 400, message: adminMessages.unreadable };
  }
}

/** Posted fields by name: a name posted more than once is a list, in order. */
function fieldRecord(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const byName = new Map<string, unknown>();
  for (const [name, value] of entries) {
    const had = byName.get(name);
    byName.set(
      name,
      had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value],
    );
  }
  return Object.fromEntries(byName);
}

/** A form field that may be posted once, more than once (ticked rows) or not at all: a list. */
export function postedList<Item extends z.ZodType>(item: Item) {
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}

/**
 * An admin call (`/admin/api/…`): the checked write, then `run` with its owner and input.
 * A refusal is answered as the admin's scripts read it, `{ ok: false, message }`.
 */
export function ownerCall<Schema extends z.ZodType>(
  options: OwnerWriteOptions<Schema>,
  run: (call: {
    app: AppContext;
    owner: Owner;
    input: z.output<Schema>;
    context: APIContext;
  }) => Promise<Response>,
): APIRoute {
  return async (context) => {
    const { app } = context.locals;
    const write = await checkOwnerWrite(app, context.request, options);
    if (!write.ok) return adminJson(write.status, { ok: false, message: write.message });
    return run({ app, owner: write.owner, input: write.input, context });
  };
}

/**
 * A form posted to an admin screen by its signed-in owner (`startAdminPage`): the checked
 * write. On a refusal the screen shows its message as a notice and answers with its status.
 */
export function ownerPost<Schema extends z.ZodType>(
  admin: { app: AppContext; owner: Owner },
  request: Request,
  options: OwnerWriteOptions<Schema>,
): Promise<OwnerWrite<z.output<Schema>>> {
  return checkOwnerWrite(admin.app, request, options, admin.owner);
}

/** A plain-text answer of an owner's route, never cached. */
export function plainAnswer(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * An owner's download (a GET that changes nothing, so it needs no CSRF token): the owner, or the
 * refusal to send: 401 without a session, 403 when another site asks for it with the owner's
 * cookie, or when the user may not see what `permission` guards.
 */
export async function checkOwnerDownload(
  app: AppContext,
  request: Request,
  permission: Permission,
): Promise<{ ok: true; owner: Owner } | { ok: false; response: Response }> {
  const owner = await readOwner(
    { db: app.database.db, secret: app.secret },
    request.headers.get('cookie'),
  );
  const m = serverAdminMessages;
  if (!owner) return { ok: false, response: plainAnswer(401, m.downloadSignIn) };
  if (request.headers.get('sec-fetch-site') === 'cross-site') {
    return { ok: false, response: plainAnswer(403, m.downloadCrossSite) };
  }
  if (!owner.permissions.has(permission)) {
    return { ok: false, response: plainAnswer(403, m.downloadNotAllowed) };
  }
  return { ok: true, owner };
}
