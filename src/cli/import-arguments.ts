import { parseArgs } from 'node:util';
import type { ImportOptions } from '../features/import/server/import-runs.ts';
import { UsageError } from './usage-error.ts';

export type ImportCommand = { file: string; options: ImportOptions; json: boolean };

const use =
  'use: import-wordpress <export.xml> [--media <uploads folder> | --media-from <old site address>] [--dry-run] [--json]';

/** `import-wordpress FILE [--media DIR | --media-from URL] [--dry-run] [--json]`. */
export function parseImportArguments(args: string[]): ImportCommand {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args,
      options: {
        media: { type: 'string' },
        'media-from': { type: 'string' },
        'dry-run': { type: 'boolean' },
        json: { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`import-wordpress: ${message.split(/(?<=\.) /)[0]}`);
  }
  const { values, positionals } = parsed;
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new UsageError(use);
  if (values.media !== undefined && values['media-from'] !== undefined) {
    throw new UsageError('import-wordpress: give --media or --media-from, not both.');
  }
  return {
    file,
    json: values.json === true,
    options: {
      ...(values.media === undefined ? {} : { mediaDir: values.media }),
      ...(values['media-from'] === undefined ? {} : { mediaFrom: values['media-from'] }),
      ...(values['dry-run'] ? { dryRun: true } : {}),
    },
  };
}
