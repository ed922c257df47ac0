import { readFile } from 'node:fs/promises';
import { readablePath } from '../features/content/redirect-admin.ts';
import {
  applyRedirectImport,
  listAllRedirects,
  planRedirectImport,
} from '../features/content/server/redirect-review.ts';
import {
  addOwnerRedirect,
  deleteRedirect,
  findRedirectId,
} from '../features/content/server/redirects.ts';
import { parseConfig } from '../platform/config.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import type { RedirectsCommand } from './redirects-arguments.ts';
import { formatRedirectPlan, formatRedirects } from './redirects-text.ts';
import { UsageError } from './usage-error.ts';

/** What the command line's entry lends a command: the site's database, a question asked. */
type CliTools = {
  withDatabase: <T>(run: (handle: DatabaseHandle) => Promise<T>) => Promise<T>;
  confirm: (question: string) => Promise<boolean>;
};

/** `redirects …`: the same checks and chains as the Redirects screen (decision 0054). */
export async function runRedirects(
  command: RedirectsCommand,
  { withDatabase, confirm }: CliTools,
): Promise<number> {
  const { siteUrl } = parseConfig(process.env);
  if (command.action === 'list') {
    process.stdout.write(formatRedirects(await withDatabase(({ db }) => listAllRedirects(db))));
    return 0;
  }
  if (command.action === 'add') {
    const outcome = await withDatabase((handle) => addOwnerRedirect(handle, command, siteUrl));
    if (!outcome.ok) {
      console.error(outcome.message);
      return 1;
    }
    const { kind, to } = outcome.placement;
    const from = readablePath(outcome.from);
    console.log(
      kind === 'unchanged' ? `${from} already leads to ${to}.` : `${from} now leads to ${to}.`,
    );
    return 0;
  }
  if (command.action === 'delete') {
    const deleted = await withDatabase(async (handle) => {
      const id = await findRedirectId(handle.db, command.from, siteUrl);
      return id === undefined ? undefined : deleteRedirect(handle, id);
    });
    if (!deleted) throw new UsageError(`There is no redirect from ${command.from}.`);
    console.log(`Deleted the redirect from ${command.from}.`);
    return 0;
  }
  const csv = await readFile(command.file, 'utf8');
  return withDatabase(async (handle) => {
    const plan = await planRedirectImport(handle, csv, siteUrl);
    for (const line of formatRedirectPlan(plan)) console.error(line);
    const changes = plan.added.length + plan.replaced.length;
    if (changes === 0) return plan.refused.length > 0 || plan.fileError ? 2 : 0;
    const yes =
      command.yes ||
      (process.stdin.isTTY &&
        (await confirm(`Import ${changes} ${changes === 1 ? 'redirect' : 'redirects'}? [y/N] `)));
    if (!yes) {
      console.error(
        process.stdin.isTTY ? 'Nothing imported.' : 'Nothing imported: pass --yes to import.',
      );
      return 1;
    }
    const outcome = await applyRedirectImport(handle, csv, siteUrl, plan.key);
    if (!outcome.done) {
      console.error('The redirects changed meanwhile; nothing imported. Run the import again.');
      return 1;
    }
    const added = plan.added.length;
    console.log(
      `Imported ${added} new ${added === 1 ? 'redirect' : 'redirects'}; ${plan.replaced.length} replaced.`,
    );
    return plan.refused.length > 0 || plan.fileError ? 2 : 0;
  });
}
