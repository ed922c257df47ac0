import { existsSync } from 'node:fs';
import { access, constants, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { finished } from 'node:stream/promises';
import { z } from 'zod';
import { adminMessages } from '../features/admin/messages.ts';
import {
  type Owner,
  readOwner,
  refuseOwnerWrite,
  signedOutRefusal,
} from '../features/admin/server/owner-check.ts';
import { findForm, listForms } from '../features/forms/server/forms-store.ts';
import {
  type ImportReportView,
  type ImportRunState,
  type ImportRunView,
  problemsShown,
  shortcodePostsShown,
  waitingTooLongMs,
} from '../features/import/import-run-view.ts';
import { importScreenMessages as m } from '../features/import/import-screen-messages.ts';
import {
  type ImportFormValues,
  importForm,
  importOptionsOf,
  importSize,
  importUploadMaxBytes,
} from '../features/import/import-upload.ts';
import {
  createImportRun,
  findImportRun,
  type ImportRun,
  type ImportSource,
  listImportRuns,
} from '../features/import/server/import-runs.ts';
import { type StoredImportFile, storeImportFile } from '../features/import/server/upload-file.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { ajaxMessages } from '../platform/ajax/ajax-router.ts';
import { readMultipartBody, type UploadReceiver } from '../platform/ajax/multipart-body.ts';
import { adminJson, seeOther } from './admin-api.ts';
import type { AdminPage } from './admin-page.ts';
import type { AppContext } from './boot.ts';
import { checkOwnerDownload, ownerPost, plainAnswer } from './owner-action.ts';
import { routeRules } from './routes.ts';

/**
 * Admin → Import (issue 30, point 1; decision 0066): an export streamed to a file in the data
 * folder and a waiting run made of it, which the import worker takes; the runs, one run's state
 * (polled) and its report. The screen never runs an import itself.
 */

type Notice = { kind: 'done' | 'error'; message: string };

/** Where uploaded exports are kept, in the data folder. */
const importsFolder = (app: AppContext) => join(app.config.dataDir, 'imports');

export type UploadOutcome =
  | { ok: true; id: number }
  | { ok: false; status: number; message: string; values?: Record<string, string> };

/** Whether a folder exists on this server and can be read. */
async function readableFolder(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isDirectory()) return false;
    await access(path, constants.R_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads an import's form as it arrives: its fields first (the session's CSRF token, the
 * `import` permission and the options are checked before a byte of the file is kept), then the
 * file, written to the data folder; then makes the waiting run.
 */
async function receiveImportUpload(
  app: AppContext,
  request: Request,
  owner: Owner,
): Promise<UploadOutcome> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return { ok: false, status: 415, message: ajaxMessages.badContentType };
  }
  let form: ImportFormValues | undefined;
  const checkFields = async (
    fields: ReadonlyArray<readonly [string, string]>,
  ): Promise<{ status: number; message: string } | undefined> => {
    const token =
      fields.find(([name]) => name === 'csrf')?.[1] ?? request.headers.get('x-csrf-token');
    const refusal = refuseOwnerWrite(app.secret, owner, token, 'import');
    if (refusal) return refusal;
    const parsed = importForm.safeParse(Object.fromEntries(fields));
    if (!parsed.success) {
      return { status: 400, message: parsed.error.issues[0]?.message ?? adminMessages.unreadable };
    }
    if (parsed.data.media === 'folder' && !(await readableFolder(parsed.data.mediaDir))) {
      return { status: 422, message: m.folderMissing(parsed.data.mediaDir) };
    }
    const { formId } = parsed.data;
    if (formId !== undefined && !(await findForm(app.database.db, formId))) {
      return { status: 422, message: m.formMissing(formId) };
    }
    form = parsed.data;
    return undefined;
  };
  const receiver: UploadReceiver<StoredImportFile> = {
    limits: async (fields) =>
      (await checkFields(fields)) ?? { maxFiles: 1, maxFileBytes: importUploadMaxBytes },
    receive: async (part) => {
      // A form sent with no file chosen has a file part with no name and nothing in it.
      if (part.fileName === '') {
        part.stream.resume();
        await finished(part.stream);
        return { ok: false, message: m.chooseFile, fileName: '' };
      }
      return storeImportFile(
        importsFolder(app),
        form?.kind ?? 'wordpress',
        part.fileName,
        part.stream,
      );
    },
    release: async (files) => {
      for (const file of files) if (file.ok) await rm(file.path, { force: true });
    },
    tooLargeMessage: () => m.tooLarge(importSize(importUploadMaxBytes)),
    tooManyFilesMessage: () => m.oneFile,
  };
  const rules = routeRules(new URL(request.url).pathname);
  const read = await readMultipartBody(request, type, {
    maxTextBytes: 16 * 1024,
    maxFields: rules.maxFields ?? 20,
    receiver,
  });
  const values = Object.fromEntries(read.entries.filter(([name]) => name !== 'csrf'));
  if (!read.ok) return { ok: false, status: read.status, message: read.message, values };
  const file = read.files[0];
  if (!form || !file) {
    const refusal = form ? undefined : await checkFields(read.entries);
    return {
      ok: false,
      values,
      ...(refusal ?? { status: 400, message: m.chooseFile }),
    };
  }
  if (!file.ok) return { ok: false, status: 422, message: file.message, values };
  if (form.media === 'site' && form.mediaFrom === '' && file.siteUrl === undefined) {
    await rm(file.path, { force: true });
    return { ok: false, status: 422, message: m.addressNeeded, values };
  }
  const id = await createImportRun(app.database.db, {
    source: form.kind,
    file: file.path,
    fileName: file.fileName.slice(0, 200) || 'export',
    options: importOptionsOf(form, file.siteUrl),
    createdBy: owner.userId,
  });
  app.log.info(
    `Import ${id} (${form.kind}${form.dryRun ? ', dry run' : ''}) uploaded by user ${owner.userId}: ${file.bytes} bytes`,
  );
  return { ok: true, id };
}

/** `POST /admin/api/import`: the screen's script's upload, answered as JSON. */
export async function importUploadCall(app: AppContext, request: Request): Promise<Response> {
  const owner = await readOwner(
    { db: app.database.db, secret: app.secret },
    request.headers.get('cookie'),
  );
  if (!owner) {
    return adminJson(signedOutRefusal.status, { ok: false, message: signedOutRefusal.message });
  }
  const outcome = await receiveImportUpload(app, request, owner);
  if (!outcome.ok) {
    return adminJson(outcome.status, { ok: false, message: outcome.message });
  }
  return adminJson(201, { ok: true, id: outcome.id, location: `/admin/import/${outcome.id}` });
}

/** Whether the run's file is one this screen uploaded, and still there. */
function uploadedFileKept(app: AppContext, run: ImportRun): boolean {
  return isUploaded(app, run.file) && existsSync(run.file);
}

function isUploaded(app: AppContext, file: string): boolean {
  return resolve(file).startsWith(`${resolve(importsFolder(app))}${sep}`);
}

function stateOf(run: ImportRun, now: number): ImportRunState {
  return {
    status: run.status,
    phase: run.phase,
    done: run.done,
    total: run.total,
    error: run.error,
    waitingTooLong: run.status === 'waiting' && now - run.created_at > waitingTooLongMs,
  };
}

function viewOf(app: AppContext, run: ImportRun, now: number): ImportRunView {
  return {
    ...stateOf(run, now),
    id: run.id,
    source: run.source,
    fileName: run.file_name,
    createdAt: run.created_at,
    finishedAt: run.finished_at,
    options: run.options,
    fileKept: uploadedFileKept(app, run),
  };
}

function reportOf(run: ImportRun): ImportReportView {
  const { report } = run;
  return {
    dryRun: report.dryRun,
    counts: Object.entries(report.counts),
    problems: report.problems.slice(0, problemsShown).map((problem, place) => ({
      ...problem,
      place,
    })),
    problemCount: report.problems.length,
    unknownShortcodes: Object.entries(report.unknownShortcodes)
      .sort(([, a], [, b]) => b.count - a.count)
      .map(([name, use]) => ({
        name,
        count: use.count,
        posts: use.posts.slice(0, shortcodePostsShown),
        morePosts: Math.max(0, use.posts.length - shortcodePostsShown),
      })),
    comments: report.comments,
    notes: report.notes,
  };
}

export type ImportScreen = {
  runs: ImportRunView[];
  /** The forms WPForms entries may be added to. */
  forms: { id: number; title: string }[];
  notice: Notice | undefined;
  /** The form's fields sent back after a refusal (no file: browsers never keep one). */
  values: Record<string, string>;
  timeZone: string;
  status: number;
};

/**
 * `/admin/import`: the runs, newest first, and the form. A POST is the form sent without the
 * screen's script: the upload, then the new run's page.
 */
export async function importScreen(
  admin: AdminPage,
  request: Request,
): Promise<ImportScreen | Response> {
  const { app } = admin;
  let notice: Notice | undefined;
  let values: Record<string, string> = {};
  let status = 200;
  if (request.method === 'POST') {
    const outcome = await receiveImportUpload(app, request, admin.owner);
    if (outcome.ok) return seeOther(`/admin/import/${outcome.id}`);
    notice = { kind: 'error', message: outcome.message };
    values = outcome.values ?? {};
    status = outcome.status;
  }
  const now = Date.now();
  const [runs, site, forms] = await Promise.all([
    listImportRuns(app.database.db, 50),
    readSiteSettings(app.database.db, app.log),
    listForms(app.database.db),
  ]);
  return {
    runs: runs.map((run) => viewOf(app, run, now)),
    forms: forms.map((form) => ({ id: form.id, title: form.definition.title })),
    notice,
    values,
    timeZone: site.timeZone,
    status,
  };
}

export type ImportRunScreen = {
  run: ImportRunView;
  report: ImportReportView;
  notice: Notice | undefined;
  timeZone: string;
  status: number;
};

/** What a run's page posts: run a dry run for real, or delete the uploaded file. */
const runAction = {
  permission: 'import',
  input: z.object({ action: z.enum(['again', 'delete-file']) }),
} as const;

/**
 * `/admin/import/{id}`: a run's state and report; a POST runs a finished dry run for real (a new
 * run of the same file and options) or deletes a finished run's uploaded file, keeping the record.
 */
export async function importRunScreen(
  admin: AdminPage,
  request: Request,
  url: URL,
  id: number,
): Promise<ImportRunScreen | Response | undefined> {
  const { app } = admin;
  const { db } = app.database;
  let notice: Notice | undefined;
  let status = 200;
  if (request.method === 'POST') {
    const write = await ownerPost(admin, request, runAction);
    const run = write.ok ? await findImportRun(db, id) : undefined;
    if (!write.ok) {
      notice = { kind: 'error', message: write.message };
      status = write.status;
    } else if (!run) {
      return undefined;
    } else {
      const refusal = await refuseRunAction(app, run, write.input.action);
      if (refusal) {
        notice = { kind: 'error', message: refusal };
        status = 409;
      } else if (write.input.action === 'again') {
        const again = await createImportRun(db, {
          source: run.source as ImportSource,
          file: run.file,
          fileName: run.file_name,
          options: { ...run.options, dryRun: false },
          createdBy: admin.userId,
        });
        app.log.info(`Import ${again}: dry run ${id} run for real by user ${admin.userId}`);
        return seeOther(`/admin/import/${again}?notice=again`);
      } else {
        await rm(run.file, { force: true });
        app.log.info(`Import ${id}: uploaded file deleted by user ${admin.userId}`);
        return seeOther(`/admin/import/${id}?notice=deleted`);
      }
    }
  }
  const [run, site] = await Promise.all([findImportRun(db, id), readSiteSettings(db, app.log)]);
  // A refused write says why, even about a run that does not exist.
  if (!run) return notice ? plainAnswer(status, notice.message) : undefined;
  const shown = url.searchParams.get('notice');
  if (!notice && shown === 'again') notice = { kind: 'done', message: m.againStarted };
  if (!notice && shown === 'deleted') notice = { kind: 'done', message: m.fileDeleted };
  return {
    run: {
      ...viewOf(app, run, Date.now()),
      formTitle:
        run.options.formId === undefined
          ? undefined
          : (await findForm(db, run.options.formId))?.definition.title,
    },
    report: reportOf(run),
    notice,
    timeZone: site.timeZone,
    status,
  };
}

async function refuseRunAction(
  app: AppContext,
  run: ImportRun,
  action: 'again' | 'delete-file',
): Promise<string | undefined> {
  if (run.status !== 'done' && run.status !== 'failed') return m.notFinished;
  if (!uploadedFileKept(app, run)) return m.fileGone;
  if (action === 'again') {
    return run.status === 'done' && run.options.dryRun ? undefined : m.notDryRun;
  }
  // A dry run's file is also its run for real's: kept while that one waits or works.
  const sharing = await app.database.db
    .selectFrom('import_runs')
    .select('id')
    .where('file', '=', run.file)
    .where('status', 'in', ['waiting', 'running'])
    .executeTakeFirst();
  return sharing ? m.fileInUse(sharing.id) : undefined;
}

/** The id in a run's address, or undefined when it is no run id. */
export function runIdOf(param: string | undefined): number | undefined {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** `GET /admin/import/{id}/state.json`: how far the run got, for its page's polling. */
export async function importRunStateAnswer(
  app: AppContext,
  request: Request,
  id: number | undefined,
): Promise<Response> {
  const allowed = await checkOwnerDownload(app, request, 'import');
  if (!allowed.ok) return allowed.response;
  const run = id === undefined ? undefined : await findImportRun(app.database.db, id);
  if (!run) return adminJson(404, { ok: false, message: m.runNotFound });
  return adminJson(200, { ok: true, state: stateOf(run, Date.now()) });
}

/** `GET /admin/import/{id}/report.json`: the whole report, as a file to keep. */
export async function importReportDownload(
  app: AppContext,
  request: Request,
  id: number | undefined,
): Promise<Response> {
  const allowed = await checkOwnerDownload(app, request, 'import');
  if (!allowed.ok) return allowed.response;
  const run = id === undefined ? undefined : await findImportRun(app.database.db, id);
  if (!run) return adminJson(404, { ok: false, message: m.runNotFound });
  const body = {
    id: run.id,
    source: run.source,
    fileName: run.file_name,
    status: run.status,
    error: run.error,
    options: run.options,
    createdAt: new Date(run.created_at).toISOString(),
    startedAt: run.started_at === null ? null : new Date(run.started_at).toISOString(),
    finishedAt: run.finished_at === null ? null : new Date(run.finished_at).toISOString(),
    report: run.report,
  };
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="quire-import-${run.id}-report.json"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
