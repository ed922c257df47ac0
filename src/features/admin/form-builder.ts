import { fieldIdMark } from '../forms/field-ids.ts';
import {
  type FieldType,
  type FormDefinition,
  type FormField,
  fieldSchema,
  formDefinitionSchema,
} from '../forms/form-definition.ts';

/**
 * The form builder's reading of the form definition's zod schema (issue 16, point 1): the
 * palette's field types, each type's starting field and the side panel's controls all come
 * from walking the schema, so a new field type gets its palette button and its panel without
 * admin code (decision 0043). Shapes the walker does not know get a JSON box: nothing is left
 * uneditable.
 */

// zod 4 keeps a schema's definition in `_zod.def`; the builder reads only what it needs.
export type ZodLike = { _zod: { def: Def } };
type Def = {
  type: string;
  innerType?: ZodLike;
  defaultValue?: unknown;
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  entries?: Record<string, string>;
  values?: unknown[];
  options?: ZodLike[];
  discriminator?: string;
  format?: string;
  checks?: Array<{ _zod: { def: { check: string; minimum?: number; value?: number } } }>;
};

/** A control of the side panel, as the schema describes one value. */
export type Control =
  | { kind: 'text'; long: boolean }
  | { kind: 'number'; integer: boolean; min?: number | undefined; max?: number | undefined }
  | { kind: 'boolean' }
  | { kind: 'choice'; options: string[] }
  | { kind: 'fixed' }
  | { kind: 'lines' }
  | { kind: 'choices'; options: string[] }
  | { kind: 'list'; item: Control; min: number; element: ZodLike }
  | { kind: 'group'; entries: Entry[] }
  | {
      kind: 'variants';
      discriminator: string;
      variants: Record<string, Entry[]>;
      schemas: Record<string, ZodLike>;
    }
  | { kind: 'json' };

/** One key of an object: its control, and whether it may be absent (an optional part). */
export type Entry = { key: string; control: Control; optional: boolean; schema: ZodLike };

const defOf = (schema: ZodLike) => schema._zod.def;

/** Strips `.default()` and `.optional()`: the value's own schema, and whether it may be absent. */
function unwrap(schema: ZodLike): { schema: ZodLike; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional' && def.innerType) {
      optional = true;
      current = def.innerType;
    } else if ((def.type === 'default' || def.type === 'prefault') && def.innerType) {
      current = def.innerType;
    } else return { schema: current, optional };
  }
}

const check = (def: Def, name: string) =>
  def.checks?.map((c) => c._zod.def).find((c) => c.check === name);

/** Texts that may be long get a text area. */
const longTexts: readonly string[] = [
  'description',
  'content',
  'code',
  'message',
  'visitorMessage',
  'instructions',
  'awaitingMessage',
  'agreement',
  'defaultValue',
];

export function controlOf(schema: ZodLike, key = ''): Control {
  const { schema: inner } = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'string':
      return { kind: 'text', long: longTexts.includes(key) };
    case 'number':
      return {
        kind: 'number',
        integer: def.format === 'safeint',
        min: check(def, 'greater_than')?.value,
        max: check(def, 'less_than')?.value,
      };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'choice', options: Object.values(def.entries ?? {}) };
    case 'literal':
      return { kind: 'fixed' };
    case 'array': {
      const element = def.element ? unwrap(def.element).schema : undefined;
      const min = check(def, 'min_length')?.minimum ?? 0;
      if (!element) return { kind: 'json' };
      const elementType = defOf(element).type;
      if (elementType === 'string') return { kind: 'lines' };
      if (elementType === 'enum') {
        return { kind: 'choices', options: Object.values(defOf(element).entries ?? {}) };
      }
      return { kind: 'list', item: controlOf(element), min, element };
    }
    case 'object':
      return { kind: 'group', entries: entriesOf(inner) };
    case 'union': {
      if (!def.discriminator || !def.options) return { kind: 'json' };
      const variants: Record<string, Entry[]> = {};
      const schemas: Record<string, ZodLike> = {};
      for (const option of def.options) {
        const tag: ZodLike | undefined = defOf(option).shape?.[def.discriminator];
        const value = tag ? defOf(unwrap(tag).schema).values?.[0] : undefined;
        if (typeof value === 'string') {
          variants[value] = entriesOf(option).filter((e) => e.key !== def.discriminator);
          schemas[value] = option;
        }
      }
      return { kind: 'variants', discriminator: def.discriminator, variants, schemas };
    }
    default:
      return { kind: 'json' };
  }
}

export function entriesOf(object: ZodLike): Entry[] {
  const shape = defOf(unwrap(object).schema).shape ?? {};
  return Object.entries(shape).map(([key, schema]) => ({
    key,
    schema,
    optional: unwrap(schema).optional,
    control: controlOf(schema, key),
  }));
}

/** The field types of the schema's union, in its order: the palette. */
export const fieldKinds: readonly FieldType[] = (
  fieldSchema as unknown as ZodLike
)._zod.def.options!.map(
  (option) => defOf(unwrap(defOf(option).shape!.type!).schema).values![0] as FieldType,
);

const kindSchemas = new Map<string, ZodLike>(
  (fieldSchema as unknown as ZodLike)._zod.def.options!.map((option, index) => [
    fieldKinds[index] as string,
    option,
  ]),
);

/** The side panel of a field type: every key but its id and type (and the server's rendering). */
export function fieldPanel(type: string): Entry[] {
  const schema = kindSchemas.get(type);
  if (!schema) return [];
  return entriesOf(schema).filter(
    (entry) => !['id', 'type'].includes(entry.key) && !(type === 'content' && entry.key === 'html'),
  );
}

/** The form's own settings panel: the `settings` object of the definition. */
export const settingsPanel: Entry[] = entriesOf(
  defOf(formDefinitionSchema as unknown as ZodLike).shape!.settings!,
);

/** A value that satisfies a schema to start from: its defaults, and at least what it needs. */
export function starterValue(schema: ZodLike, key: string, nextId: () => number): unknown {
  const def = defOf(schema);
  if (def.type === 'default' || def.type === 'prefault') {
    const value = def.defaultValue;
    return typeof value === 'function' ? (value as () => unknown)() : structuredClone(value);
  }
  if (def.type === 'optional') return undefined;
  switch (def.type) {
    case 'string':
      if (key === 'mask') return '999-9999';
      return (check(def, 'min_length')?.minimum ?? 0) > 0 ? `${humanLabel(key)} 1` : '';
    case 'number':
      return key === 'id' ? nextId() : (check(def, 'greater_than')?.value ?? 0);
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array': {
      const min = check(def, 'min_length')?.minimum ?? 0;
      return Array.from({ length: min }, (_, index) => {
        const item = def.element ? starterValue(def.element, key, nextId) : '';
        return typeof item === 'string' && item !== '' ? `${humanLabel(key)} ${index + 1}` : item;
      });
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, inner] of Object.entries(def.shape ?? {})) {
        const start = starterValue(inner, name, nextId);
        if (start !== undefined) value[name] = start;
      }
      return value;
    }
    case 'union':
      return def.options?.[0] ? starterValue(def.options[0], key, nextId) : undefined;
    default:
      return undefined;
  }
}

type IdSource = { lastFieldId?: number | undefined; fields: readonly FormField[] };

/**
 * A new field of a type from the palette, ready to save, with an id above every id the form
 * has given: a deleted field's id, under which its answers are kept, is never given again.
 */
export function newField(type: string, definition: IdSource): FormField {
  let id = fieldIdMark(definition);
  const nextId = () => ++id;
  const schema = kindSchemas.get(type);
  if (!schema) throw new Error(`No field type ${type}`);
  const value = starterValue(schema, '', nextId) as Record<string, unknown>;
  value.label = fieldKindLabel(type);
  return fieldSchema.parse(value);
}

/** The definition with a new field of `type` at its end, its `lastFieldId` raised past it. */
export function addField(
  definition: FormDefinition,
  type: string,
): { definition: FormDefinition; field: FormField } {
  const field = newField(type, definition);
  const fields = [...definition.fields, field];
  return {
    field,
    definition: { ...definition, fields, lastFieldId: fieldIdMark({ ...definition, fields }) },
  };
}

/** A key of the schema as a person reads it: from the catalogue, or its words. */
export function humanLabel(key: string): string {
  return (
    keyLabels[key] ??
    key
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[-_]/g, ' ')
      .replace(/^./, (c) => c.toUpperCase())
      .replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`)
  );
}

/** An option of a choice as a person reads it. */
export const optionLabel = (option: string) => keyLabels[option] ?? option;

/** The starting value of an optional part or a new list item: what its schema needs. */
export const starterOf = (schema: ZodLike, key: string, definition: IdSource) => {
  let id = fieldIdMark(definition);
  return starterValue(unwrap(schema).schema, key, () => ++id);
};

/** A field type's name in the palette. */
export const fieldKindLabel = (type: string) => kindLabels[type] ?? humanLabel(type);

const kindLabels: Record<string, string> = {
  text: 'Single line text',
  textarea: 'Paragraph text',
  url: 'Website / URL',
  email: 'E-mail',
  'number-slider': 'Number slider',
  checkbox: 'Checkboxes',
  radio: 'Multiple choice',
  select: 'Dropdown',
  'gdpr-checkbox': 'GDPR agreement',
  html: 'HTML',
  pagebreak: 'Page break',
  'payment-single': 'Single item',
  'payment-multiple': 'Multiple items',
  'payment-checkbox': 'Checkbox items',
  'payment-select': 'Dropdown items',
  'payment-coupon': 'Coupon',
  'payment-credit-card': 'Credit card',
  'payment-total': 'Total',
  masked: 'Input mask',
  'rich-text': 'Rich text',
  'likert-scale': 'Likert scale',
  'net-promoter-score': 'Net Promoter Score',
  'entry-preview': 'Entry preview',
  'file-upload': 'File upload',
};

const keyLabels: Record<string, string> = {
  cssClass: 'CSS classes',
  hideLabel: 'Hide the label',
  readOnly: 'Read-only',
  defaultValue: 'Default value',
  allowList: 'Allowed addresses (one a line)',
  denyList: 'Refused addresses (one a line)',
  ownerTo: 'Send to (one address a line; the administrators when empty)',
  owner: 'Mail each entry to the site owner',
  visitorEmailField: 'Mail a copy to the address in',
  newTab: 'Open in a new tab',
  url: 'Address to go to',
  ajax: 'Send without reloading the page',
  honeypot: 'Honeypot',
  minimumSeconds: 'Least seconds before sending',
  antispam: 'Anti-spam',
  firstPageTitle: 'Title of the first page',
  title: 'Page title',
  nextText: 'Next button text',
  prevText: 'Previous button text',
  is_not: 'is not',
  not_empty: 'is not empty',
  field: 'Field',
  rules: 'Rules',
  match: 'Rules to meet',
  action: 'Action',
  conditions: 'Conditions',
  maxSizeMb: 'Largest file (MB)',
  imageChoices: 'Pictures on the choices',
  choiceLimit: 'Most choices (0: no limit)',
  emailSuggestions: 'Suggest e-mail spellings',
};

/** A definition as the builder shows it: parsed, so every default is filled in. */
export function readDefinition(
  json: unknown,
): { ok: true; definition: FormDefinition } | { ok: false; problems: Problem[] } {
  const result = formDefinitionSchema.safeParse(json);
  if (result.success) return { ok: true, definition: result.data };
  return { ok: false, problems: problemsOf(result.error.issues) };
}

/** A problem of a definition at its path, as the JSON tab and the panel show it. */
export type Problem = { path: string; message: string };

export function problemsOf(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): Problem[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(form)',
    message: issue.message,
  }));
}

/** The problem lines the server sends (`path: message`) back as problems. */
export function problemsFromLines(lines: readonly string[]): Problem[] {
  return lines.map((line) => {
    const cut = line.indexOf(': ');
    return cut === -1
      ? { path: '(form)', message: line }
      : { path: line.slice(0, cut), message: line.slice(cut + 2) };
  });
}

/** Moves the item at `from` to `to` (both indexes of the list before the move). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item === undefined) return copy;
  copy.splice(Math.max(0, Math.min(to, copy.length)), 0, item);
  return copy;
}
