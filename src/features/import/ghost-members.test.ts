import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGhostMembers } from './ghost-members.ts';
import { ghostMessages } from './messages.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/import/ghost/${name}`, import.meta.url), 'utf8');

describe('readGhostMembers', () => {
  it('reads members with their subscription and lists the lines that are none', () => {
    const read = readGhostMembers(fixture('members.csv'));
    expect(read.fileError).toBeUndefined();
    expect(read.members.map((m) => [m.line, m.email, m.subscribed])).toEqual([
      [2, 'ana@example.org', true],
      [3, 'bo@example.org', false],
      [7, 'gone@example.org', false],
      [8, 'paid@example.org', true],
    ]);
    expect(read.members[0]).toMatchObject({
      name: 'Ana Sá',
      note: 'Met at the "fair"',
      labels: ['VIP', 'Lisbon'],
      tiers: ['Free'],
      createdAt: Date.parse('2024-01-02T10:00:00.000Z'),
    });
    expect(read.members[3]).toMatchObject({
      complimentary: true,
      stripeCustomerId: 'cus_456',
      tiers: ['Gold', 'Silver'],
    });
    expect(read.problems).toEqual([
      { line: 4, message: ghostMessages.memberNoEmail(4) },
      { line: 5, message: ghostMessages.memberBadEmail(5, 'not-an-address') },
      { line: 6, message: ghostMessages.memberDuplicate(6, 2) },
    ]);
  });

  it('reads Ghost 2’s “subscribed” column and CRLF lines', () => {
    const read = readGhostMembers(fixture('members-ghost-2.csv'));
    expect(read.members.map((m) => [m.email, m.subscribed])).toEqual([
      ['old@example.org', true],
      ['quiet@example.org', false],
    ]);
  });

  it('refuses a file without addresses and subscribes no one when Ghost does not say', () => {
    expect(readGhostMembers('name,note\nAna,\n').fileError).toBe(
      ghostMessages.membersNoEmailColumn,
    );
    const unsure = readGhostMembers('email,name\nana@example.org,Ana\n');
    expect(unsure.members[0]?.subscribed).toBe(false);
    expect(unsure.fileError).toBe(ghostMessages.membersNoSubscribedColumn);
    const unclosed = readGhostMembers('email,note\na@example.org,"open\n');
    expect(unclosed.fileError).toBe(ghostMessages.membersUnclosedQuote(2));
  });
});
