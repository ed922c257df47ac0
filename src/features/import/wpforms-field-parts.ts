import type { FormDefinitionInput } from '../forms/form-definition.ts';
import { type CurrencyFormat, parseAmount } from '../payments/currency.ts';
import { wpformsMessages as m } from './messages.ts';
import { cleanCssClass, clip, int, listed, type Raw, raw, str, truthy } from './wpforms-read.ts';

/*
 * The pieces of WPForms fields that several field types share: the common settings, choices
 * and their prices, limits, dates and times. `wpforms-fields.ts` puts them together per type.
 */

/** One WPForms field as Quire fields (a Date / Time becomes two), written as JSON would be. */
export type FieldInput = FormDefinitionInput['fields'][number];

export type FieldContext = {
  /** The Quire id of the field (WPForms' own, unless it was 0). */
  id: number;
  currency: CurrencyFormat;
  note: (text: string) => void;
  /** An id above every id of the form, for a field WPForms did not have (the time of a Date / Time). */
  newId: () => number;
};

export type MappedField = {
  fields: FieldInput[];
  /** WPForms' choice keys and the value Quire compares for each, for conditional logic. */
  choiceValues?: Map<string, string>;
};

const quireDateFormats: Record<string, 'mm/dd/yyyy' | 'dd/mm/yyyy' | 'yyyy-mm-dd' | 'dd.mm.yyyy'> =
  {
    'm/d/Y': 'mm/dd/yyyy',
    'd/m/Y': 'dd/mm/yyyy',
    'Y-m-d': 'yyyy-mm-dd',
    'd.m.Y': 'dd.mm.yyyy',
    // Older WPForms versions wrote the date picker's own formats.
    'mm/dd/yyyy': 'mm/dd/yyyy',
    'dd/mm/yyyy': 'dd/mm/yyyy',
  };

const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

const labelOf = (field: Raw): string => str(field.label).trim();

export function baseOf(field: Raw, context: FieldContext) {
  const css = cleanCssClass(field.css);
  if (css.cleaned) context.note(m.cssClassCleaned(labelOf(field)));
  return {
    id: context.id,
    label: clip(labelOf(field), 300),
    description: clip(str(field.description), 2000),
    required: truthy(field.required),
    cssClass: css.value,
    hideLabel: truthy(field.label_hide),
    readOnly: truthy(field.read_only),
  };
}

/**
 * A choice image: WordPress uploads become paths of this site (the WordPress import answers
 * them with the imported image), other https addresses are kept, anything else dropped.
 */
function choiceImage(value: unknown): string | undefined {
  const text = str(value).trim();
  if (text === '') return undefined;
  try {
    const url = new URL(text);
    if (url.pathname.includes('/wp-content/uploads/')) return url.pathname;
    return url.protocol === 'https:' && !/[\s"'<>\\]/.test(text) ? text : undefined;
  } catch {
    return text.startsWith('/') && !text.startsWith('//') && !/[\s"'<>\\]/.test(text)
      ? text
      : undefined;
  }
}

export function plainChoices(field: Raw) {
  const showValues = truthy(field.show_values);
  const images = truthy(field.choices_images);
  const choiceValues = new Map<string, string>();
  const choices = listed(field.choices).flatMap(([key, item]) => {
    const choice = raw(item);
    const label = clip(str(choice.label).trim() || str(choice.value).trim(), 500);
    if (label === '') return [];
    const ownValue = clip(str(choice.value).trim(), 500);
    const value = showValues && ownValue !== '' ? ownValue : undefined;
    choiceValues.set(key, value ?? label);
    const image = images ? choiceImage(choice.image) : undefined;
    return [
      {
        label,
        ...(value === undefined ? {} : { value }),
        selected: truthy(choice.default),
        ...(image === undefined ? {} : { image }),
      },
    ];
  });
  return { choices, choiceValues, imageChoices: images };
}

export function price(value: unknown, label: string, context: FieldContext): number {
  const text = str(value).trim();
  const amount = text === '' ? 0 : parseAmount(text, context.currency);
  if (amount === undefined) {
    context.note(m.priceUnreadable(label, text));
    return 0;
  }
  return amount;
}

export function paymentChoices(field: Raw, context: FieldContext) {
  const images = truthy(field.choices_images);
  const choiceValues = new Map<string, string>();
  const choices = listed(field.choices).flatMap(([key, item]) => {
    const choice = raw(item);
    const label = clip(str(choice.label).trim(), 500);
    if (label === '') return [];
    choiceValues.set(key, label);
    const image = images ? choiceImage(choice.image) : undefined;
    return [
      {
        label,
        price: price(choice.value, label, context),
        selected: truthy(choice.default),
        ...(image === undefined ? {} : { image }),
      },
    ];
  });
  return { choices, choiceValues };
}

export function quantityOf(field: Raw) {
  if (!truthy(field.enable_quantity)) return undefined;
  const min = Math.max(0, int(field.min_quantity) ?? 0);
  const max = Math.max(1, min, int(field.max_quantity) ?? 10);
  return { min, max };
}

export function limitOf(field: Raw) {
  if (!truthy(field.limit_enabled)) return undefined;
  const count = int(field.limit_count);
  if (count === undefined || count < 1) return undefined;
  return {
    count,
    mode: str(field.limit_mode) === 'words' ? ('words' as const) : ('characters' as const),
  };
}

export const countryOf = (value: unknown, fallback: string): string => {
  const code = str(value).trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : fallback;
};

/** "jpg, .png,pdf" → ["jpg", "png", "pdf"]; WPForms' own image defaults when empty. */
export function extensionsOf(
  field: Raw,
  label: string,
  context: FieldContext,
): string[] | undefined {
  const parts = str(field.extensions)
    .split(/[\s,]+/)
    .map((part) => part.trim().replace(/^\./, '').toLowerCase())
    .filter((part) => part !== '');
  if (parts.length === 0) return undefined;
  const kept = [...new Set(parts.filter((part) => /^[a-z0-9]{1,10}$/.test(part)))].slice(0, 50);
  const dropped = parts.filter((part) => !/^[a-z0-9]{1,10}$/.test(part));
  if (dropped.length > 0) context.note(m.extensionsDropped(label, dropped.join(', ')));
  return kept.length > 0 ? kept : undefined;
}

export function dateField(
  field: Raw,
  base: ReturnType<typeof baseOf>,
  context: FieldContext,
): FieldInput {
  const format = str(field.date_format);
  const dateFormat = quireDateFormats[format];
  if (format !== '' && dateFormat === undefined)
    context.note(m.dateFormatChanged(base.label, format));
  if (str(field.date_type) === 'dropdown') context.note(m.dateDropdownStyle(base.label));
  const limitDays =
    truthy(field.date_limit_days) || truthy(field.date_limit_days_enable)
      ? weekdays.filter((day) => truthy(field[`date_limit_days_${day}`]))
      : [];
  return {
    ...base,
    type: 'date',
    placeholder: clip(str(field.date_placeholder), 300),
    dateFormat: dateFormat ?? 'mm/dd/yyyy',
    disablePastDates: truthy(field.date_disable_past_dates),
    disableTodaysDate: truthy(field.date_disable_todays_date),
    limitDays: limitDays.length === 7 ? [] : limitDays,
  };
}

/** WPForms' "9:00 AM"-style or "09:00" hour and minute → `HH:MM`. */
function clockOf(hour: unknown, minute: unknown, ampm: unknown): string | undefined {
  let h = int(hour);
  const min = int(minute) ?? 0;
  if (h === undefined || h < 0 || h > 23 || min < 0 || min > 59) return undefined;
  const half = str(ampm).toLowerCase();
  if (half === 'pm' && h < 12) h += 12;
  if (half === 'am' && h === 12) h = 0;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

export function timeField(
  field: Raw,
  base: ReturnType<typeof baseOf>,
  context: FieldContext,
): FieldInput {
  const interval = int(field.time_interval);
  let range: { minTime: string; maxTime: string } | undefined;
  if (truthy(field.time_limit_hours)) {
    const minTime = clockOf(
      field.time_limit_hours_start_hour,
      field.time_limit_hours_start_min,
      field.time_limit_hours_start_ampm,
    );
    const maxTime = clockOf(
      field.time_limit_hours_end_hour,
      field.time_limit_hours_end_min,
      field.time_limit_hours_end_ampm,
    );
    if (minTime && maxTime) range = { minTime, maxTime };
    else context.note(m.timeLimitDropped(base.label));
  }
  return {
    ...base,
    type: 'time',
    placeholder: clip(str(field.time_placeholder), 300),
    format: /^H/.test(str(field.time_format)) ? '24h' : '12h',
    interval: interval !== undefined && interval >= 5 && interval <= 720 ? interval : 30,
    ...range,
  };
}
