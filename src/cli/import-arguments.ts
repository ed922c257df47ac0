import { parseArgs } from 'node:util';
import type { ImportOptions } from '../features/import/server/import-runs.ts';
import { UsageError } from './usage-error.ts';

export type ImportCommand = { file: string; options: ImportOptions; json: boolean };
export type GhostImportCommand = ImportCommand & { members?: string };

const media = '[--media <uploads folder> | --media-from <old site address>]';
const uses = {
  'import-wordpress': `use: import-wordpress <export.xml> ${media} [--dry-run] [--json]`,
  'import-ghost': `use: import-ghost <export.json> ${media} [--members <members.csv>] [--site-url <old site address>] [--dry-run] [--json]`,
};

function parseCommand(name: keyof typeof uses, args: string[], ghost: boolean) {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args,
      options: {
        media: { type: 'string' },
        'media-from': { type: 'string' },
        'dry-run': { type: 'boolean' },
        json: { type: 'boolean' },
        ...(ghost ? { members: { type: 'string' }, 'site-url': { type: 'string' } } : {}),
      },
      allowPositionals: true,
      strict: true,
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${name}: ${message.split(/(?<=\.) /)[0]}`);
  }
  const { values, positionals } = parsed;
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new UsageError(uses[name]);
  if (values.media !== undefined && values['media-from'] !== undefined) {
    throw new UsageError(`${name}: give --media or --media-from, not both.`);
  }
  const text = (key: string) => {
    const value = (values as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : undefined;
  };
  const siteUrl = text('site-url');
  const members = text('members');
  return {
    file,
    json: values.json === true,
    ...(members === undefined ? {} : { members }),
    options: {
      ...(values.media === undefined ? {} : { mediaDir: values.media }),
      ...(values['media-from'] === undefined ? {} : { mediaFrom: values['media-from'] }),
      ...(values['dry-run'] ? { dryRun: true } : {}),
      ...(siteUrl === undefined ? {} : { siteUrl }),
    },
  };
}

/** `import-wordpress FILE [--media DIR | --media-from URL] [--dry-run] [--json]`. */
export function parseImportArguments(args: string[]): ImportCommand {
  return parseCommand('import-wordpress', args, false);
}

/**
 * `import-ghost FILE [--media DIR | --media-from URL] [--members CSV] [--site-url URL]
 * [--dry-run] [--json]`.
 */
export function parseGhostImportArguments(args: string[]): GhostImportCommand {
  const command = parseCommand('import-ghost', args, true);
  const siteUrl = command.options.siteUrl;
  if (siteUrl !== undefined && !/^https?:\/\/[^/]/i.test(siteUrl)) {
    throw new UsageError(
      `import-ghost: --site-url ${siteUrl} is not a web address: give it as https://old.example.org.`,
    );
  }
  return command;
}
