import { describe, expect, it } from 'vitest';
import { type FormDefinitionInput, formDefinitionSchema } from '../form-definition.ts';
import { locksAfter, type ReadOnlyLocks } from './read-only.ts';

const { fields } = formDefinitionSchema.parse({
  title: 'Locks',
  fields: [
    { id: 1, type: 'text' },
    { id: 2, type: 'text', readOnly: true },
    { id: 3, type: 'content' },
  ],
} satisfies FormDefinitionInput);
const open: ReadOnlyLocks = { form: false, fields: {} };

describe('read-only locks after a request', () => {
  it('locks, unlocks and toggles the whole form', () => {
    const locked = locksAfter(open, { action: 'lock' }, fields);
    expect(locked.form).toBe(true);
    expect(locksAfter(locked, { action: 'unlock' }, fields).form).toBe(false);
    expect(locksAfter(locked, { action: 'toggle' }, fields).form).toBe(false);
    expect(locksAfter(open, { action: 'toggle' }, fields).form).toBe(true);
  });

  it('toggles a field from its own lock, starting from the definition', () => {
    const first = locksAfter(open, { action: 'toggle', fieldId: 1 }, fields);
    expect(first.fields).toEqual({ 1: true });
    expect(locksAfter(first, { action: 'toggle', fieldId: 1 }, fields).fields).toEqual({
      1: false,
    });
    expect(locksAfter(open, { action: 'toggle', fieldId: 2 }, fields).fields).toEqual({ 2: false });
  });

  it('leaves alone fields that are never locked and fields the form does not have', () => {
    expect(locksAfter(open, { action: 'lock', fieldId: 3 }, fields)).toBe(open);
    expect(locksAfter(open, { action: 'lock', fieldId: 9 }, fields)).toBe(open);
  });
});

describe('read-only locks of the Forms III types (seed §4)', () => {
  const { fields: more } = formDefinitionSchema.parse({
    title: 'More locks',
    fields: [
      { id: 1, type: 'date' },
      { id: 2, type: 'address' },
      { id: 3, type: 'rating' },
      { id: 4, type: 'repeater', fields: [{ id: 1, type: 'text' }] },
      { id: 5, type: 'signature' },
      { id: 6, type: 'entry-preview' },
      { id: 7, type: 'captcha' },
    ],
  } satisfies FormDefinitionInput);

  it('locks, unlocks and toggles every input type, never the captcha or the entry preview', () => {
    for (const id of [1, 2, 3, 4, 5]) {
      const locked = locksAfter(open, { action: 'lock', fieldId: id }, more);
      expect(locked.fields).toEqual({ [id]: true });
      expect(locksAfter(locked, { action: 'unlock', fieldId: id }, more).fields).toEqual({
        [id]: false,
      });
      expect(locksAfter(locked, { action: 'toggle', fieldId: id }, more).fields).toEqual({
        [id]: false,
      });
    }
    for (const id of [6, 7]) {
      expect(locksAfter(open, { action: 'lock', fieldId: id }, more)).toBe(open);
      expect(locksAfter(open, { action: 'toggle', fieldId: id }, more)).toBe(open);
    }
  });
});
