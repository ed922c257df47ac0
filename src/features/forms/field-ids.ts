/**
 * A field's id is what its answers are filed under: entries keep `{ id, type, label, value }`
 * for each answer, and the CSV export, the mails and the entry's view read them by that id.
 * So an id, once a form has given it, is never given to another field of that form (issue 28,
 * point 7; decision 0048). Isomorphic: the builder gives new ids with it, the server checks
 * every save with it, whatever sent the definition (the builder, its JSON tab, an import).
 */

type WithIds = { readonly id: number; readonly fields?: readonly { readonly id: number }[] };

/** The largest id of the fields, a repeater's row fields included; 0 when there are none. */
export function largestFieldId(fields: readonly WithIds[]): number {
  return fields.reduce((most, f) => Math.max(most, f.id, largestFieldId(f.fields ?? [])), 0);
}

/** The largest id a form has ever given: its `lastFieldId`, or its largest id when more. */
export function fieldIdMark(definition: {
  readonly lastFieldId?: number | undefined;
  readonly fields: readonly WithIds[];
}): number {
  return Math.max(definition.lastFieldId ?? 0, largestFieldId(definition.fields));
}

/** A field as a definition has it, or as the answers of an entry carry it. */
export type FieldIdentity = { id: number; type: string; label: string };

/**
 * A field of a definition about to be saved that would be filed with another field's answers:
 * `retyped` keeps the id of a field of the form that has answers but is of another type;
 * `reused` takes the id of a field deleted from the form whose answers are kept.
 */
export type FieldIdClash = {
  kind: 'retyped' | 'reused';
  /** Its index in the definition's fields. */
  index: number;
  field: FieldIdentity;
  /** The field the answers belong to. */
  was: FieldIdentity;
};

/**
 * The fields whose ids need the form's answers to judge: an id the stored form does not have,
 * or has for a field of another type. A save without any (every save of the builder that
 * adds no field over an old id) needs no look at the entries.
 */
export function fieldsToJudge<T extends FieldIdentity>(
  fields: readonly T[],
  stored: readonly FieldIdentity[],
): T[] {
  const storedTypes = new Map(stored.map((field) => [field.id, field.type]));
  return fields.filter((field) => storedTypes.get(field.id) !== field.type);
}

/**
 * The clashes of a definition's fields with the form's stored fields and the answers its
 * entries keep (`answered`: each id and type they carry, with the newest label, newest first).
 * A field of the form may be renamed, but of another type it is another field, so it needs a
 * new id once its field has answers. An id that only answers carry comes back only as the
 * field that had it, of the same type and label (a form brought back from its export); any
 * other field needs a new id. An id without answers is free: nothing is filed under it.
 */
export function fieldIdClashes(
  fields: readonly FieldIdentity[],
  stored: readonly FieldIdentity[],
  answered: readonly FieldIdentity[],
): FieldIdClash[] {
  const storedById = new Map(stored.map((field) => [field.id, field]));
  const clashes: FieldIdClash[] = [];
  fields.forEach((field, index) => {
    const answers = answered.filter((answer) => answer.id === field.id);
    const newest = answers[0];
    if (!newest) return;
    const kept = storedById.get(field.id);
    const identity = { id: field.id, type: field.type, label: field.label };
    if (kept) {
      if (kept.type !== field.type)
        clashes.push({ kind: 'retyped', index, field: identity, was: kept });
      return;
    }
    const same = answers.some((a) => a.type === field.type && a.label === field.label);
    if (!same) clashes.push({ kind: 'reused', index, field: identity, was: newest });
  });
  return clashes;
}
