import { parseArgs } from 'node:util';
import type { ImportOptions } from '../features/import/server/import-runs.ts';
import { UsageError } from './usage-error.ts';

export type ImportCommand = { file: string; options: ImportOptions; json: boolean };
export type GhostImportCommand = ImportCommand & { members?: string };

const media = '[--media <uploads folder> | --media-from <old site address>]';
const uses = {
  'import-wordpress': `use: import-wordpress <export.xml> ${media} [--dry-run] [--json]`,
  'import-ghost': `use: import-ghost <export.json> ${media} [--members <members.csv>] [--site-url <old site address>] [--dry-run] [--json]`,
  'import-wpforms': `use: import-wpforms <forms.json> [--site-url <old site address>] [--dry-run] [--json]`,
  'import-wpforms-entries': `use: import-wpforms-entries <entries.csv> --form <the form's number here> [--dry-run] [--json]`,
};

type Extra = 'ghost' | 'wpforms' | 'entries' | undefined;

function parseCommand(name: keyof typeof uses, args: string[], extra: Extra) {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args,
      options: {
        ...(extra === 'wpforms' || extra === 'entries'
          ? {}
          : { media: { type: 'string' }, 'media-from': { type: 'string' } }),
        'dry-run': { type: 'boolean' },
        json: { type: 'boolean' },
        ...(extra === 'ghost' ? { members: { type: 'string' } } : {}),
        ...(extra === 'entries' ? { form: { type: 'string' } } : {}),
        ...(extra === 'ghost' || extra === 'wpforms' ? { 'site-url': { type: 'string' } } : {}),
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
  const [file, ...more] = positionals;
  if (file === undefined || more.length > 0) throw new UsageError(uses[name]);
  const text = (key: string) => {
    const value = (values as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : undefined;
  };
  const mediaDir = text('media');
  const mediaFrom = text('media-from');
  if (mediaDir !== undefined && mediaFrom !== undefined) {
    throw new UsageError(`${name}: give --media or --media-from, not both.`);
  }
  const siteUrl = text('site-url');
  if (siteUrl !== undefined && !/^https?:\/\/[^/]/i.test(siteUrl)) {
    throw new UsageError(
      `${name}: --site-url ${siteUrl} is not a web address: give it as https://old.example.org.`,
    );
  }
  const members = text('members');
  const form = text('form');
  return {
    file,
    json: values.json === true,
    ...(members === undefined ? {} : { members }),
    ...(form === undefined ? {} : { form }),
    options: {
      ...(mediaDir === undefined ? {} : { mediaDir }),
      ...(mediaFrom === undefined ? {} : { mediaFrom }),
      ...(values['dry-run'] ? { dryRun: true } : {}),
      ...(siteUrl === undefined ? {} : { siteUrl }),
    },
  };
}

/** `import-wordpress FILE [--media DIR | --media-from URL] [--dry-run] [--json]`. */
export function parseImportArguments(args: string[]): ImportCommand {
  return parseCommand('import-wordpress', args, undefined);
}

/**
 * `import-ghost FILE [--media DIR | --media-from URL] [--members CSV] [--site-url URL]
 * [--dry-run] [--json]`.
 */
export function parseGhostImportArguments(args: string[]): GhostImportCommand {
  return parseCommand('import-ghost', args, 'ghost');
}

/** `import-wpforms FORMS.json [--site-url URL] [--dry-run] [--json]`. */
export function parseWpformsImportArguments(args: string[]): ImportCommand {
  return parseCommand('import-wpforms', args, 'wpforms');
}

/** `import-wpforms-entries ENTRIES.csv --form ID [--dry-run] [--json]`. */
export function parseWpformsEntriesArguments(args: string[]): ImportCommand {
  const { form, ...command } = parseCommand('import-wpforms-entries', args, 'entries');
  if (form === undefined) throw new UsageError(uses['import-wpforms-entries']);
  const formId = Number(form);
  if (!Number.isSafeInteger(formId) || formId < 1) {
    throw new UsageError(`import-wpforms-entries: --form ${form} is not a form's number.`);
  }
  return { ...command, options: { ...command.options, formId } };
}
