import { fill } from '../../platform/fill-message.ts';
import { displayValue, type FormValues } from './field-values.ts';
import type { Conditions, FormDefinition, FormField } from './form-definition.ts';
import { formMessages } from './messages.ts';

function ruleHolds(
  rule: Conditions['rules'][number],
  field: FormField | undefined,
  values: FormValues,
  visible: (id: number) => boolean,
): boolean {
  const shown = field !== undefined && visible(field.id);
  const value = shown ? displayValue(field, values[field.id]) : '';
  const list = shown && Array.isArray(values[field.id]) ? (values[field.id] as string[]) : [value];
  const target = rule.value.toLowerCase();
  switch (rule.operator) {
    case 'is':
      return list.some((v) => v.toLowerCase() === target);
    case 'is_not':
      return !list.some((v) => v.toLowerCase() === target);
    case 'empty':
      return value.trim() === '';
    case 'not_empty':
      return value.trim() !== '';
    case 'contains':
      return value.toLowerCase().includes(target);
  }
}

/**
 * Which fields are shown for the given values. A field whose conditions refer to a hidden
 * field sees that field as empty; a loop of conditions leaves the fields in it shown.
 * The browser and the server run this same code, so a field the visitor never saw is
 * neither validated nor stored.
 */
export function visibleFieldIds(definition: FormDefinition, values: FormValues): Set<number> {
  const byId = new Map(definition.fields.map((f) => [f.id, f]));
  const decided = new Map<number, boolean>();
  const deciding = new Set<number>();
  const visible = (id: number): boolean => {
    const known = decided.get(id);
    if (known !== undefined) return known;
    const field = byId.get(id);
    if (!field?.conditions || deciding.has(id)) return true;
    deciding.add(id);
    const { action, match, rules } = field.conditions;
    const results = rules.map((rule) => ruleHolds(rule, byId.get(rule.field), values, visible));
    const met = match === 'all' ? results.every(Boolean) : results.some(Boolean);
    deciding.delete(id);
    const shown = action === 'show' ? met : !met;
    decided.set(id, shown);
    return shown;
  };
  return new Set(definition.fields.filter((f) => visible(f.id)).map((f) => f.id));
}

const operatorTexts = {
  is: formMessages.conditionIs,
  is_not: formMessages.conditionIsNot,
  empty: formMessages.conditionEmpty,
  not_empty: formMessages.conditionNotEmpty,
  contains: formMessages.conditionContains,
} as const;

/**
 * A field's conditions in words, for a form shown without JavaScript, where every field is on
 * the page: "Only when “Getting there” is “I would like a lift”."
 */
export function describeConditions(definition: FormDefinition, conditions: Conditions): string {
  const labels = new Map(definition.fields.map((f) => [f.id, f.label || `#${f.id}`]));
  const rules = conditions.rules
    .map((rule) =>
      fill(operatorTexts[rule.operator], {
        field: labels.get(rule.field) ?? `#${rule.field}`,
        value: rule.value,
      }),
    )
    .join(conditions.match === 'all' ? formMessages.conditionAnd : formMessages.conditionOr);
  return fill(
    conditions.action === 'show' ? formMessages.conditionShow : formMessages.conditionHide,
    { rules },
  );
}
