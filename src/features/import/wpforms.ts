import {
  type FormDefinition,
  type FormDefinitionInput,
  parseFormDefinition,
} from '../forms/form-definition.ts';
import { type CurrencyFormat, defaultCurrency } from '../payments/currency.ts';
import { wpformsMessages as m } from './messages.ts';
import type { FieldInput } from './wpforms-field-parts.ts';
import { mapField } from './wpforms-fields.ts';
import { mapConfirmation, mapNotifications } from './wpforms-mail.ts';
import {
  cleanCssClass,
  clip,
  int,
  isRaw,
  listed,
  type Raw,
  raw,
  str,
  truthy,
} from './wpforms-read.ts';

/**
 * WPForms' Tools → Export (a JSON list of forms) → Quire form definitions, pure: what cannot
 * come across is listed per form in `notes`, never silently dropped (docs/import.md, WPForms).
 */

export type ImportedForm = {
  /** The form's id in WordPress, which `[wpforms id="N"]` names. */
  sourceId: number;
  definition: FormDefinition;
  /** WPForms field ids → Quire's (the same, except a field 0); the CSV of entries needs them. */
  fieldIds: Record<number, number>;
  /** A Date / Time field's Quire date id → the id of the time field it became beside it. */
  timeParts: Record<number, number>;
};

export type WpformsNote = { form: number; title: string; text: string };

export type WpformsImport = { definitions: ImportedForm[]; notes: WpformsNote[] };

const conditionOperators: Record<string, 'is' | 'is_not' | 'empty' | 'not_empty' | 'contains'> = {
  '==': 'is',
  '!=': 'is_not',
  e: 'empty',
  '!e': 'not_empty',
  c: 'contains',
};

type Conditions = NonNullable<FieldInput['conditions']>;

type FormState = {
  note: (text: string) => void;
  fieldIds: Map<number, number>;
  choiceValues: Map<number, Map<string, string>>;
};

/** WPForms' conditional logic (groups joined by "or", rules in a group by "and") as far as Quire's can say it. */
function mapConditions(field: Raw, label: string, state: FormState): Conditions | undefined {
  if (!truthy(field.conditional_logic)) return undefined;
  const groups = listed(field.conditionals)
    .map(([, group]) => listed(group).map(([, rule]) => raw(rule)))
    .filter((group) => group.length > 0);
  if (groups.length === 0) return undefined;
  const drop = (why: string) => {
    state.note(m.conditionDropped(label, why));
    return undefined;
  };
  if (groups.length > 1 && groups.some((group) => group.length > 1)) return drop(m.conditionGroups);
  const rules: Conditions['rules'] = [];
  for (const rule of groups.flat()) {
    const sourceField = int(rule.field);
    const quireField = sourceField === undefined ? undefined : state.fieldIds.get(sourceField);
    if (quireField === undefined) return drop(m.conditionField(sourceField ?? 0));
    const operator = conditionOperators[str(rule.operator)];
    if (operator === undefined) return drop(m.conditionOperator(str(rule.operator)));
    const key = str(rule.value);
    const value = state.choiceValues.get(quireField)?.get(key) ?? key;
    rules.push({ field: quireField, operator, value: clip(value, 500) });
  }
  return {
    action: str(field.conditional_type) === 'hide' ? 'hide' : 'show',
    match: groups.length > 1 ? 'any' : 'all',
    rules: rules.slice(0, 20),
  };
}

/** Keeps one captcha, at the end of the last page, as Quire's schema asks. */
function placeCaptcha(fields: FieldInput[], note: (text: string) => void): FieldInput[] {
  const captchas = fields.filter((f) => f.type === 'captcha');
  const first = captchas[0];
  if (first === undefined) return fields;
  for (const extra of captchas.slice(1)) note(m.captchaExtra(extra.label ?? ''));
  const rest = fields.filter((f) => f.type !== 'captcha');
  const at = fields.indexOf(first);
  if (fields.slice(at + 1).some((f) => f.type === 'pagebreak')) {
    note(m.captchaMoved(first.label ?? ''));
    return [...rest, first];
  }
  return [...rest.slice(0, at), first, ...rest.slice(at)];
}

function keepOneCard(fields: FieldInput[], note: (text: string) => void): FieldInput[] {
  let seen = false;
  return fields.filter((f) => {
    if (f.type !== 'payment-credit-card') return true;
    if (seen) note(m.cardExtra(f.label ?? ''));
    const keep = !seen;
    seen = true;
    return keep;
  });
}

function paymentSettings(form: Raw, note: (text: string) => void) {
  const payments = raw(form.payments);
  const stripe = raw(payments.stripe);
  for (const [key, name] of [
    ['paypal_standard', 'PayPal'],
    ['paypal_commerce', 'PayPal Commerce'],
    ['square', 'Square'],
    ['authorize_net', 'Authorize.Net'],
  ] as const) {
    if (truthy(raw(payments[key]).enable)) note(m.paymentProviderOther(name));
  }
  return {
    ...(truthy(stripe.enable) ? { provider: 'stripe' as const } : {}),
    description: clip(str(stripe.payment_description), 200),
  };
}

function importForm(
  form: Raw,
  index: number,
  currency: CurrencyFormat,
  addNote: (note: WpformsNote) => void,
): ImportedForm | undefined {
  const sourceId = int(form.id) ?? index + 1;
  const settings = raw(form.settings);
  const title = clip(str(settings.form_title).trim(), 200) || m.untitledForm(sourceId);
  const note = (text: string) => addNote({ form: sourceId, title, text });
  const sourceFields = listed(form.fields).map(([key, item]) => {
    const field = raw(item);
    return { field, sourceId: int(field.id) ?? int(key) ?? 0 };
  });
  // Quire's ids start at 1 and are never given twice: WPForms' field 0 takes one above them all.
  let lastId = Math.max(
    0,
    (int(form.field_id) ?? 0) - 1,
    ...sourceFields.map((f) => f.sourceId).filter((id) => id >= 1 && id <= 9999),
  );
  const newId = () => Math.min(9999, ++lastId);
  const state: FormState = { note, fieldIds: new Map(), choiceValues: new Map() };
  for (const { sourceId: id } of sourceFields) {
    if (state.fieldIds.has(id)) continue;
    const quireId = id >= 1 && id <= 9999 ? id : newId();
    if (quireId !== id) note(m.fieldIdMoved(id, quireId));
    state.fieldIds.set(id, quireId);
  }

  let firstPageTitle = '';
  let pageIndicator: 'progress' | 'circles' | 'connector' | 'none' = 'progress';
  const mapped: Array<{ field: Raw; fields: FieldInput[] }> = [];
  const timeParts: Record<number, number> = {};
  for (const { field, sourceId: id } of sourceFields) {
    const quireId = state.fieldIds.get(id) as number;
    if (str(field.type) === 'pagebreak') {
      const position = str(field.position);
      if (position === 'top') {
        firstPageTitle = clip(str(field.title), 200);
        const indicator = str(field.indicator);
        if (indicator === 'circles' || indicator === 'connector' || indicator === 'none') {
          pageIndicator = indicator;
        }
        continue;
      }
      if (position === 'bottom') continue;
    }
    const result = mapField(field, { id: quireId, currency, note, newId });
    if (result.fields.length === 0) {
      state.fieldIds.delete(id);
      continue;
    }
    if (result.choiceValues) state.choiceValues.set(quireId, result.choiceValues);
    const [date, time] = result.fields;
    if (date?.type === 'date' && time?.type === 'time') timeParts[date.id] = time.id;
    mapped.push({ field, fields: result.fields });
  }
  let fields = mapped.flatMap(({ field, fields: some }) => {
    const conditions = mapConditions(field, str(field.label), state);
    return conditions === undefined ? some : some.map((f) => ({ ...f, conditions }));
  });
  if (
    (truthy(settings.recaptcha) || truthy(settings.hcaptcha) || truthy(settings.turnstile)) &&
    !fields.some((f) => f.type === 'captcha')
  ) {
    note(m.siteCaptchaAdded);
    fields.push({ id: newId(), type: 'captcha' });
  }
  fields = keepOneCard(placeCaptcha(fields, note), note);

  const emailFields = new Set(fields.filter((f) => f.type === 'email').map((f) => f.id));
  const mailContext = { note, quireId: (id: number) => state.fieldIds.get(id), emailFields };
  const confirmation = mapConfirmation(settings, mailContext);
  const css = cleanCssClass(settings.form_class);
  if (css.cleaned) note(m.cssClassCleaned());
  const antispam = truthy(settings.antispam) || truthy(settings.antispam_v3);
  const input: FormDefinitionInput = {
    title,
    description: clip(str(settings.form_desc), 2000),
    settings: {
      submitText: clip(str(settings.submit_text).trim() || 'Submit', 60),
      submittingText: clip(str(settings.submit_text_processing).trim() || 'Sending...', 60),
      ajax: truthy(settings.ajax_submit),
      pageIndicator,
      firstPageTitle,
      cssClass: css.value,
      ...(confirmation === undefined ? {} : { confirmation }),
      antispam: { honeypot: antispam, minimumSeconds: antispam ? 3 : 0 },
      notifications: mapNotifications(settings, mailContext),
      payment: paymentSettings(form, note),
    },
    fields,
    lastFieldId: lastId,
  };
  const parsed = parseFormDefinition(input);
  if (!parsed.ok) {
    note(m.formRefused(parsed.problems.join('; ')));
    return undefined;
  }
  return {
    sourceId,
    definition: parsed.definition,
    fieldIds: Object.fromEntries(
      [...state.fieldIds].filter(([, id]) => parsed.definition.fields.some((f) => f.id === id)),
    ),
    timeParts,
  };
}

/**
 * Reads a WPForms export (the parsed JSON: a list of forms, or one form) into Quire definitions,
 * each already checked by Quire's schema, and the notes of what could not map. Prices are read
 * in `currency` (the site's), as whole smallest units.
 */
export function importWpforms(
  exported: unknown,
  options: { currency?: CurrencyFormat } = {},
): WpformsImport {
  const currency = options.currency ?? defaultCurrency;
  const notes: WpformsNote[] = [];
  const forms = Array.isArray(exported)
    ? exported
    : isRaw(exported) && 'fields' in exported
      ? [exported]
      : undefined;
  if (forms === undefined) {
    return { definitions: [], notes: [{ form: 0, title: '', text: m.notAnArray }] };
  }
  const definitions: ImportedForm[] = [];
  forms.forEach((form, index) => {
    if (!isRaw(form) || !('fields' in form || 'settings' in form)) {
      notes.push({ form: 0, title: '', text: m.notAForm(index) });
      return;
    }
    const imported = importForm(form, index, currency, (n) => notes.push(n));
    if (imported) definitions.push(imported);
  });
  return { definitions, notes };
}
