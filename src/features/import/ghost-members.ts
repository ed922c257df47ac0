import { readCsv } from '../share/csv-rows.ts';
import { isSubscribableEmail } from '../share/subscription-rules.ts';
import { ghostMessages as m } from './messages.ts';

/**
 * Ghost's members CSV (Members → Export: email, name, note, subscribed_to_emails,
 * complimentary_plan, stripe_customer_id, created_at, deleted_at, labels, tiers; Ghost 2 wrote
 * `subscribed`) → members with their subscription state, pure. Only members Ghost says are
 * subscribed may become confirmed subscribers; the import counts and skips the others.
 */

export type GhostMember = {
  /** The CSV line the member starts on. */
  line: number;
  /** In lower case, as Quire keeps addresses (one mailbox, one subscriber). */
  email: string;
  name: string;
  note: string;
  /** Ghost's "subscribed to emails", and not deleted. */
  subscribed: boolean;
  complimentary: boolean;
  stripeCustomerId: string;
  /** Epoch ms, when Ghost gave it. */
  createdAt: number | undefined;
  labels: string[];
  tiers: string[];
};
export type GhostMemberProblem = { line: number; message: string };
export type GhostMembers = {
  members: GhostMember[];
  /** Lines that are no member: no or bad address, a second line for one address. */
  problems: GhostMemberProblem[];
  /** A problem with the whole file (no e-mail column, an unclosed quote). */
  fileError?: string;
};

const yes = (value: string) => /^(?:true|1|yes)$/i.test(value.trim());
const listOf = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export function readGhostMembers(csv: string): GhostMembers {
  const read = readCsv(csv);
  const [header, ...lines] = read.rows;
  const columns = new Map((header?.cells ?? []).map((cell, i) => [cell.trim().toLowerCase(), i]));
  const emailColumn = columns.get('email');
  if (emailColumn === undefined) {
    return { members: [], problems: [], fileError: m.membersNoEmailColumn };
  }
  const subscribedColumn = columns.get('subscribed_to_emails') ?? columns.get('subscribed');
  const cell = (cells: string[], name: string) => {
    const index = columns.get(name);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const members: GhostMember[] = [];
  const problems: GhostMemberProblem[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of lines) {
    const written = (cells[emailColumn] ?? '').trim();
    if (written === '') {
      problems.push({ line, message: m.memberNoEmail(line) });
      continue;
    }
    if (!isSubscribableEmail(written)) {
      problems.push({ line, message: m.memberBadEmail(line, written) });
      continue;
    }
    const email = written.toLowerCase();
    const earlier = firstLine.get(email);
    if (earlier !== undefined) {
      problems.push({ line, message: m.memberDuplicate(line, earlier) });
      continue;
    }
    firstLine.set(email, line);
    const created = Date.parse(cell(cells, 'created_at'));
    members.push({
      line,
      email,
      name: cell(cells, 'name'),
      note: cell(cells, 'note'),
      subscribed:
        subscribedColumn !== undefined &&
        yes(cells[subscribedColumn] ?? '') &&
        cell(cells, 'deleted_at') === '',
      complimentary: yes(cell(cells, 'complimentary_plan')),
      stripeCustomerId: cell(cells, 'stripe_customer_id'),
      createdAt: Number.isFinite(created) ? created : undefined,
      labels: listOf(cell(cells, 'labels')),
      tiers: listOf(cell(cells, 'tiers') || cell(cells, 'products')),
    });
  }
  const fileError = !read.ok
    ? m.membersUnclosedQuote(read.line)
    : subscribedColumn === undefined && members.length > 0
      ? m.membersNoSubscribedColumn
      : undefined;
  return { members, problems, ...(fileError ? { fileError } : {}) };
}
