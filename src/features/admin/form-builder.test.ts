import { describe, expect, it } from 'vitest';
import { fieldSchema, formDefinitionSchema } from '../forms/form-definition.ts';
import {
  addField,
  type Control,
  fieldKinds,
  fieldPanel,
  moveItem,
  newField,
  problemsFromLines,
  readDefinition,
  settingsPanel,
} from './form-builder.ts';

const kindsOf = (control: Control): string[] =>
  control.kind === 'group'
    ? control.entries.flatMap((e) => kindsOf(e.control))
    : control.kind === 'list'
      ? kindsOf(control.item)
      : control.kind === 'variants'
        ? Object.values(control.variants).flatMap((v) => v.flatMap((e) => kindsOf(e.control)))
        : [control.kind];

describe('the form builder read from the schema', () => {
  it('offers every field type of the schema in the palette', () => {
    expect(fieldKinds).toHaveLength(39);
    expect(fieldKinds).toContain('text');
    expect(fieldKinds).toContain('repeater');
    expect(fieldKinds).toContain('captcha');
  });

  it('starts a valid field of every type, with a fresh id', () => {
    const fields = [fieldSchema.parse({ id: 7, type: 'text' })];
    for (const kind of fieldKinds) {
      const field = newField(kind, { fields });
      expect(field.type).toBe(kind);
      expect(field.id).toBeGreaterThan(7);
      expect(fieldSchema.safeParse(field).success, kind).toBe(true);
    }
  });

  it('never gives a new field the id of a deleted one, whose answers keep it', () => {
    // As the server hands it to the builder: with the largest id it has given.
    const form = formDefinitionSchema.parse({
      title: 'Call-back',
      fields: [
        { id: 1, type: 'name', label: 'Name' },
        { id: 2, type: 'phone', label: 'Phone' },
      ],
      lastFieldId: 2,
    });
    // The last field deleted and a new one added.
    const deleted = { ...form, fields: form.fields.slice(0, 1) };
    const added = addField(deleted, 'text');
    expect(added.field.id).toBe(3);
    expect(added.definition.lastFieldId).toBe(3);
    // Added, then deleted again before a save: the next field still takes a new id.
    const again = { ...added.definition, fields: added.definition.fields.slice(0, 1) };
    expect(addField(again, 'email').field.id).toBe(4);
    // A new form's fields count from 1.
    const blank = formDefinitionSchema.parse({ title: 'New', fields: [] });
    expect(addField(blank, 'text').field.id).toBe(1);
    // A repeater's row fields take ids from the same count.
    const repeater = addField(again, 'repeater');
    expect(repeater.definition.lastFieldId).toBeGreaterThan(repeater.field.id);
    expect(addField(repeater.definition, 'text').field.id).toBe(
      (repeater.definition.lastFieldId ?? 0) + 1,
    );
  });

  it('gives every field type a panel with known controls, the JSON box only where it must', () => {
    for (const kind of fieldKinds) {
      const panel = fieldPanel(kind);
      expect(panel.map((e) => e.key)).toContain('label');
      expect(panel.map((e) => e.key)).not.toContain('type');
      const controls = panel.flatMap((e) => kindsOf(e.control));
      expect(
        controls.filter((c) => c === 'json'),
        kind,
      ).toEqual([]);
    }
    const checkbox = fieldPanel('checkbox');
    expect(checkbox.find((e) => e.key === 'choices')?.control.kind).toBe('list');
    expect(fieldPanel('date').find((e) => e.key === 'limitDays')?.control.kind).toBe('choices');
    expect(fieldPanel('text').find((e) => e.key === 'conditions')?.optional).toBe(true);
  });

  it('reads the settings: confirmation as variants, notifications and anti-spam as groups', () => {
    const byKey = new Map(settingsPanel.map((e) => [e.key, e.control]));
    expect(byKey.get('confirmation')?.kind).toBe('variants');
    expect(byKey.get('notifications')?.kind).toBe('group');
    expect(byKey.get('antispam')?.kind).toBe('group');
    expect(byKey.get('readOnly')?.kind).toBe('boolean');
  });

  it('gives the Markdown an order is thanked and paid with a text area', () => {
    const payment = settingsPanel.find((e) => e.key === 'payment')?.control;
    if (payment?.kind !== 'group') throw new Error('The payment settings are not a group');
    const long = (key: string) => {
      const control = payment.entries.find((e) => e.key === key)?.control;
      return control?.kind === 'text' && control.long;
    };
    expect(long('instructions')).toBe(true);
    expect(long('awaitingMessage')).toBe(true);
    expect(long('description')).toBe(true);
  });

  it('names the problems of a definition by their paths', () => {
    const read = readDefinition({ title: '', fields: [{ id: 1, type: 'email', label: 3 }] });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map((p) => p.path)).toEqual(['title', 'fields.0.label']);
    expect(problemsFromLines(['fields.2.label: Required', 'odd'])).toEqual([
      { path: 'fields.2.label', message: 'Required' },
      { path: '(form)', message: 'odd' },
    ]);
    expect(formDefinitionSchema.safeParse({ title: 'A', fields: [] }).success).toBe(true);
  });

  it('moves an item of a list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});
