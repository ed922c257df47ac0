import { describe, expect, it } from 'vitest';
import { fieldIdClashes, fieldIdMark, fieldsToJudge, largestFieldId } from './field-ids.ts';

const phone = { id: 3, type: 'text', label: 'Phone' };
const name = { id: 1, type: 'text', label: 'Name' };

describe('field ids, never given twice (decision 0048)', () => {
  it('counts the largest id, a repeater’s row fields included', () => {
    expect(largestFieldId([])).toBe(0);
    expect(largestFieldId([{ id: 2 }, { id: 5, fields: [{ id: 9 }] }, { id: 4 }])).toBe(9);
  });

  it('keeps the mark above the fields, and the fields above a mark left behind', () => {
    expect(fieldIdMark({ fields: [{ id: 2 }] })).toBe(2);
    expect(fieldIdMark({ lastFieldId: 12, fields: [{ id: 2 }] })).toBe(12);
    expect(fieldIdMark({ lastFieldId: 1, fields: [{ id: 7 }] })).toBe(7);
  });

  it('judges only the ids new to the stored form or of another type there', () => {
    const stored = [name, phone];
    const renamed = { ...phone, label: 'Phone number' };
    const retyped = { ...phone, type: 'email' };
    const added = { id: 4, type: 'text', label: 'Company' };
    expect(fieldsToJudge([name, renamed], stored)).toEqual([]);
    expect(fieldsToJudge([name, retyped, added], stored)).toEqual([retyped, added]);
  });

  it('refuses a new field on the id of a deleted field with answers', () => {
    const company = { id: 3, type: 'text', label: 'Company' };
    expect(fieldIdClashes([name, company], [name], [name, phone])).toEqual([
      { kind: 'reused', index: 1, field: company, was: phone },
    ]);
  });

  it('lets a deleted field come back as itself, and an id without answers be given', () => {
    expect(fieldIdClashes([name, phone], [name], [phone, name])).toEqual([]);
    // An older label of the same field counts too (the newest comes first).
    const older = { ...phone, label: 'Tel.' };
    expect(fieldIdClashes([name, older], [name], [phone, older, name])).toEqual([]);
    expect(
      fieldIdClashes([name, { id: 3, type: 'email', label: 'E-mail' }], [name], [name]),
    ).toEqual([]);
  });

  it('lets a field be renamed, but not become another type once it has answers', () => {
    const renamed = { ...phone, label: 'Phone number' };
    expect(fieldIdClashes([renamed], [phone], [phone])).toEqual([]);
    const retyped = { id: 3, type: 'number', label: 'Phone' };
    expect(fieldIdClashes([retyped], [phone], [phone])).toEqual([
      { kind: 'retyped', index: 0, field: retyped, was: phone },
    ]);
    expect(fieldIdClashes([retyped], [phone], [])).toEqual([]);
  });
});
