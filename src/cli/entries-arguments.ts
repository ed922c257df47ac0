import { parseArgs } from 'node:util';
import type { FormEntryStatus } from '../platform/db/schema.ts';
import { UsageError } from './usage-error.ts';

export const defaultListLimit = 20;
const maxListLimit = 10_000;

export type EntriesCommand =
  | {
      action: 'list';
      formId: number | undefined;
      status: FormEntryStatus | undefined;
      limit: number;
      format: 'text' | 'json';
    }
  | { action: 'export'; formId: number; status: FormEntryStatus | undefined; file: string };

const wholeNumber = /^\d{1,9}$/;

function parseOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        form: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        format: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`entries: ${message.split(/(?<=\.) /)[0]}`);
  }
}

function formId(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!wholeNumber.test(value) || Number(value) < 1) {
    throw new UsageError(`--form takes a form's number (see forms export), not "${value}".`);
  }
  return Number(value);
}

function status(value: string | undefined): FormEntryStatus | undefined {
  if (value === undefined || value === 'entry' || value === 'spam') return value;
  throw new UsageError(`--status is entry or spam, not "${value}".`);
}

/**
 * `entries list [--form N] [--status entry|spam] [--limit N] [--format text|json]` and
 * `entries export --form N [--status entry|spam] <file.csv>`. Every mistake is a UsageError
 * that says what to write instead.
 */
export function parseEntriesArguments(args: string[]): EntriesCommand {
  const { values, positionals } = parseOptions(args);
  const [action, ...extra] = positionals;
  if (action === 'list') {
    if (extra.length > 0) throw new UsageError(`entries list takes no "${extra[0]}".`);
    const format = values.format ?? 'text';
    if (format !== 'text' && format !== 'json') {
      throw new UsageError(`--format is text or json, not "${format}".`);
    }
    let limit = defaultListLimit;
    if (values.limit !== undefined) {
      limit = Number(values.limit);
      if (!wholeNumber.test(values.limit) || limit < 1 || limit > maxListLimit) {
        throw new UsageError(
          `--limit must be a whole number from 1 to ${maxListLimit}, not "${values.limit}".`,
        );
      }
    }
    return {
      action: 'list',
      formId: formId(values.form),
      status: status(values.status),
      limit,
      format,
    };
  }
  if (action === 'export') {
    const id = formId(values.form);
    if (id === undefined) throw new UsageError('entries export needs --form N.');
    if (values.limit !== undefined || values.format !== undefined) {
      throw new UsageError(
        'entries export writes every entry as CSV: it takes no --limit or --format.',
      );
    }
    const [file, ...more] = extra;
    if (!file || more.length > 0) {
      throw new UsageError('entries export needs one file to write, e.g. entries.csv.');
    }
    return { action: 'export', formId: id, status: status(values.status), file };
  }
  throw new UsageError(
    action === undefined
      ? 'entries needs an action: list or export.'
      : `Unknown entries action "${action}": use entries list or entries export.`,
  );
}

/** `entries delete <entry>`: one entry's number. */
export function parseEntryNumber(action: string, args: string[]): number {
  const [entry, ...extra] = args;
  if (extra.length > 0) throw new UsageError(`entries ${action} takes no "${extra[0]}".`);
  if (entry === undefined || !wholeNumber.test(entry) || Number(entry) < 1) {
    throw new UsageError(
      `use: entries ${action} <entry number>${entry === undefined ? '' : `, not "${entry}"`}`,
    );
  }
  return Number(entry);
}

/** What an owner records of an order's payment; it moves forward only (payments/payment-status.ts). */
const paymentStatuses = ['paid', 'refunded', 'failed'] as const;

/** `entries payment <entry> paid|refunded|failed|awaiting`. */
export function parsePaymentArguments(args: string[]): {
  entryId: number;
  status: (typeof paymentStatuses)[number];
} {
  const [entry, status, ...extra] = args;
  if (extra.length > 0) throw new UsageError(`entries payment takes no "${extra[0]}".`);
  if (entry === undefined || !wholeNumber.test(entry) || Number(entry) < 1) {
    throw new UsageError(
      `use: entries payment <entry number> ${paymentStatuses.join('|')}${entry === undefined ? '' : `, not "${entry}"`}`,
    );
  }
  const known = paymentStatuses.find((s) => s === status);
  if (!known) {
    throw new UsageError(
      `The payment status is one of ${paymentStatuses.join(', ')}, not "${status ?? ''}".`,
    );
  }
  return { entryId: Number(entry), status: known };
}
