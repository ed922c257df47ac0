import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.ts';

export type RedirectsCommand =
  | { action: 'list' }
  | { action: 'add'; from: string; to: string }
  | { action: 'delete'; from: string }
  | { action: 'import'; file: string; yes: boolean };

const use =
  'use: redirects list, redirects add <FROM> <TO>, redirects delete <FROM> or redirects import <file.csv> [--yes]';

/** `redirects list`, `redirects add FROM TO`, `redirects delete FROM`, `redirects import FILE`. */
export function parseRedirectsArguments(args: string[]): RedirectsCommand {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args,
      options: { yes: { type: 'boolean', short: 'y' } },
      allowPositionals: true,
      strict: true,
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`redirects: ${message.split(/(?<=\.) /)[0]}`);
  }
  const { values, positionals } = parsed;
  const [action, ...operands] = positionals;
  const yes = values.yes === true;
  if (yes && action !== 'import') throw new UsageError('--yes goes with redirects import.');
  if (action === 'list' && operands.length === 0) return { action: 'list' };
  if (action === 'add' && operands.length === 2) {
    return { action: 'add', from: operands[0] as string, to: operands[1] as string };
  }
  if (action === 'delete' && operands.length === 1) {
    return { action: 'delete', from: operands[0] as string };
  }
  if (action === 'import' && operands.length === 1) {
    return { action: 'import', file: operands[0] as string, yes };
  }
  throw new UsageError(use);
}
