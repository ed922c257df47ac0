import { choiceValue } from '../forms/field-kinds.ts';
import type { FieldInput, FormValues } from '../forms/field-values.ts';
import type { FormField } from '../forms/form-definition.ts';
import { readCsv } from '../share/csv-rows.ts';
import { wpformsMessages as m } from './messages.ts';
import type { ImportedForm } from './wpforms.ts';

/**
 * WPForms' entries CSV (Entries → Export) → rows of answers keyed by the imported form's field
 * ids, pure. Columns are matched to fields by label (WPForms heads each column with it); the
 * entry's id and date columns are read apart; a column matching no field is listed.
 */

export type WpformsEntryRow = {
  /** The CSV line the entry starts on. */
  line: number;
  entryId?: string;
  /** `YYYY-MM-DD HH:MM:SS` as WPForms wrote it, in the site's time zone. */
  submittedAt?: string;
  values: FormValues;
};

export type WpformsEntries = { rows: WpformsEntryRow[]; notes: string[] };

const idHeaders = ['entry id', 'id'];
const dateHeaders = ['entry date', 'date', 'date created'];

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

const noAnswerTypes = new Set<FormField['type']>([
  'content',
  'divider',
  'html',
  'pagebreak',
  'payment-total',
  'entry-preview',
  'captcha',
  'payment-credit-card',
]);

/** "11/28/2026 2:30 pm", "2026-11-28 14:30:00" or "28.11.2026 14:30" → `2026-11-28 14:30:00`. */
function readEntryDate(text: string): string | undefined {
  const value = text.trim();
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = (rest: string) => {
    const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]m)?$/i.exec(rest.trim());
    if (rest.trim() === '') return '00:00:00';
    if (!time) return undefined;
    let hour = Number(time[1]);
    const half = time[4]?.toLowerCase();
    if (half === 'pm' && hour < 12) hour += 12;
    if (half === 'am' && hour === 12) hour = 0;
    if (hour > 23) return undefined;
    return `${pad(hour)}:${time[2]}:${time[3] ?? '00'}`;
  };
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T]?(.*)$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s*(.*)$/.exec(value);
  const eu = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\s*(.*)$/.exec(value);
  const parts = iso
    ? { y: iso[1], mo: iso[2], d: iso[3], rest: iso[4] }
    : us
      ? { y: us[3], mo: us[1], d: us[2], rest: us[4] }
      : eu
        ? { y: eu[3], mo: eu[2], d: eu[1], rest: eu[4] }
        : undefined;
  if (!parts) return undefined;
  const month = Number(parts.mo);
  const day = Number(parts.d);
  const time = clock(parts.rest ?? '');
  if (month < 1 || month > 12 || day < 1 || day > 31 || time === undefined) return undefined;
  return `${parts.y}-${pad(month)}-${pad(day)} ${time}`;
}

type Column =
  | { kind: 'id' }
  | { kind: 'date' }
  | { kind: 'field'; field: FormField; timeId?: number }
  | { kind: 'none' };

function matchColumns(headers: string[], imported: ImportedForm, notes: string[]): Column[] {
  const used = new Set<number>();
  const fields = imported.definition.fields.filter(
    (f) => !noAnswerTypes.has(f.type) && !Object.values(imported.timeParts).includes(f.id),
  );
  return headers.map((header): Column => {
    const name = normal(header);
    const field = fields.find((f) => !used.has(f.id) && normal(f.label) === name);
    if (field) {
      used.add(field.id);
      return { kind: 'field', field, timeId: imported.timeParts[field.id] };
    }
    if (idHeaders.includes(name)) return { kind: 'id' };
    if (dateHeaders.includes(name)) return { kind: 'date' };
    if (name !== '') notes.push(m.entriesColumnUnmatched(header.trim()));
    return { kind: 'none' };
  });
}

/** A choice's label as WPForms wrote it → Quire's value; payment choices lose their " - $10.00". */
function choiceOf(field: FormField, written: string, line: number, notes: string[]): string {
  if (!('choices' in field)) return written;
  const choices = field.choices as ReadonlyArray<{ label: string; value?: string }>;
  const bare = field.type.startsWith('payment-')
    ? written.replace(/\s+-\s+[^-]*\d[^-]*$/, '')
    : written;
  const found = choices.find((c) => c.label === bare || c.label === written || c.value === written);
  if (found) return choiceValue({ ...found, selected: false });
  notes.push(m.entriesChoiceUnknown(line, field.label, written));
  return written;
}

function answerOf(field: FormField, written: string, line: number, notes: string[]): FieldInput {
  const lines = written.split(/\r?\n/).filter((part) => part.trim() !== '');
  switch (field.type) {
    case 'checkbox':
    case 'payment-checkbox':
      return lines.map((part) => choiceOf(field, part.trim(), line, notes));
    case 'select':
      return field.multiple
        ? lines.map((part) => choiceOf(field, part.trim(), line, notes))
        : choiceOf(field, written.trim(), line, notes);
    case 'radio':
    case 'payment-multiple':
    case 'payment-select':
      return choiceOf(field, written.trim(), line, notes);
    case 'file-upload':
      return lines.map((part) => part.trim());
    case 'name': {
      if (field.format === 'simple') return written.trim();
      const [first = '', ...rest] = written.trim().split(/\s+/);
      return { first, last: rest.join(' ') };
    }
    case 'email':
      // A form asking twice keeps the address in its first input.
      return field.confirmation
        ? { primary: written.trim(), secondary: written.trim() }
        : written.trim();
    case 'phone':
      return { number: written.trim() };
    case 'gdpr-checkbox':
      return ['1'];
    case 'address':
      // WPForms writes the address over several lines; Quire keeps it as one line.
      return { address1: lines.map((part) => part.trim()).join(', ') };
    case 'payment-single':
      return field.priceType === 'user' ? written.trim() : { quantity: '1' };
    default:
      return written;
  }
}

/** WPForms writes a Date / Time answer as date and time together; Quire keeps them in two fields. */
function splitDateTime(written: string): [string, string] {
  const match = /^(\S+)\s+(.+)$/.exec(written.trim());
  return match ? [match[1] as string, (match[2] as string).trim()] : [written.trim(), ''];
}

/**
 * Reads the CSV text for `imported` (one form of `importWpforms`). Empty answers are left out,
 * as a submission leaves them; a row with no answer at all is skipped.
 */
export function readWpformsEntries(csv: string, imported: ImportedForm): WpformsEntries {
  const notes: string[] = [];
  const read = readCsv(csv);
  if (!read.ok) notes.push(m.entriesUnclosedQuote(read.line));
  const [header, ...records] = read.rows;
  if (!header) return { rows: [], notes: [m.entriesNoRows, ...notes] };
  const columns = matchColumns(header.cells, imported, notes);
  const rows: WpformsEntryRow[] = [];
  for (const record of records) {
    const row: WpformsEntryRow = { line: record.line, values: {} };
    record.cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column || column.kind === 'none' || cell.trim() === '') return;
      if (column.kind === 'id') row.entryId = cell.trim();
      else if (column.kind === 'date') {
        const date = readEntryDate(cell);
        if (date === undefined) notes.push(m.entriesDateUnreadable(record.line, cell.trim()));
        else row.submittedAt = date;
      } else if (column.timeId !== undefined) {
        const [date, time] = splitDateTime(cell);
        row.values[column.field.id] = date;
        if (time !== '') row.values[column.timeId] = time;
      } else {
        row.values[column.field.id] = answerOf(column.field, cell, record.line, notes);
      }
    });
    if (Object.keys(row.values).length > 0) rows.push(row);
  }
  return { rows, notes };
}
