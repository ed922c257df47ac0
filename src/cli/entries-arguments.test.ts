import { describe, expect, it } from 'vitest';
import { parseEntriesArguments } from './entries-arguments.ts';
import { UsageError } from './usage-error.ts';

describe('parseEntriesArguments', () => {
  it('lists the 20 newest entries of every form by default', () => {
    expect(parseEntriesArguments(['list'])).toEqual({
      action: 'list',
      formId: undefined,
      status: undefined,
      limit: 20,
      format: 'text',
    });
  });

  it('lists one form’s spam as JSON', () => {
    expect(
      parseEntriesArguments([
        'list',
        '--form',
        '3',
        '--status',
        'spam',
        '--limit',
        '5',
        '--format',
        'json',
      ]),
    ).toEqual({ action: 'list', formId: 3, status: 'spam', limit: 5, format: 'json' });
  });

  it('exports one form to a file', () => {
    expect(parseEntriesArguments(['export', '--form', '1', 'out.csv'])).toEqual({
      action: 'export',
      formId: 1,
      status: undefined,
      file: 'out.csv',
    });
  });

  it.each([
    [[], 'entries needs an action: list or export.'],
    [['show'], 'Unknown entries action "show": use entries list or entries export.'],
    [
      ['list', '--form', 'contact'],
      `--form takes a form's number (see forms export), not "contact".`,
    ],
    [['list', '--status', 'deleted'], '--status is entry or spam, not "deleted".'],
    [['list', '--limit', '0'], '--limit must be a whole number from 1 to 10000, not "0".'],
    [['list', '--format', 'csv'], '--format is text or json, not "csv".'],
    [['export', 'out.csv'], 'entries export needs --form N.'],
    [['export', '--form', '1'], 'entries export needs one file to write, e.g. entries.csv.'],
    [['list', '--from', '2026-01-01'], "entries: Unknown option '--from'."],
  ])('refuses %j with a message that says what to write', (args, message) => {
    expect(() => parseEntriesArguments(args)).toThrow(new UsageError(message));
  });
});
