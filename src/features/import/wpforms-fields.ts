import type { FormDefinitionInput } from '../forms/form-definition.ts';
import { type CurrencyFormat, parseAmount } from '../payments/currency.ts';
import { wpformsMessages as m } from './messages.ts';
import {
  cleanCssClass,
  clip,
  int,
  listed,
  num,
  type Raw,
  raw,
  str,
  truthy,
} from './wpforms-read.ts';

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

const nothing: MappedField = { fields: [] };

const quireDateFormats: Record<string, 'mm/dd/yyyy' | 'dd/mm/yyyy' | 'yyyy-mm-dd' | 'dd.mm.yyyy'> =
  {
    'm/d/Y': 'mm/dd/yyyy',
    'd/m/Y': 'dd/mm/yyyy',
    'Y-m-d': 'yyyy-mm-dd',
    'd.m.Y': 'dd.mm.yyyy',
  };

const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

const labelOf = (field: Raw): string => str(field.label).trim();

function baseOf(field: Raw, context: FieldContext) {
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

function plainChoices(field: Raw) {
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

function price(value: unknown, label: string, context: FieldContext): number {
  const text = str(value).trim();
  const amount = text === '' ? 0 : parseAmount(text, context.currency);
  if (amount === undefined) {
    context.note(m.priceUnreadable(label, text));
    return 0;
  }
  return amount;
}

function paymentChoices(field: Raw, context: FieldContext) {
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

function quantityOf(field: Raw) {
  if (!truthy(field.enable_quantity)) return undefined;
  const min = Math.max(0, int(field.min_quantity) ?? 0);
  const max = Math.max(1, min, int(field.max_quantity) ?? 10);
  return { min, max };
}

function limitOf(field: Raw) {
  if (!truthy(field.limit_enabled)) return undefined;
  const count = int(field.limit_count);
  if (count === undefined || count < 1) return undefined;
  return {
    count,
    mode: str(field.limit_mode) === 'words' ? ('words' as const) : ('characters' as const),
  };
}

const countryOf = (value: unknown, fallback: string): string => {
  const code = str(value).trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : fallback;
};

/** "jpg, .png,pdf" → ["jpg", "png", "pdf"]; WPForms' own image defaults when empty. */
function extensionsOf(field: Raw, label: string, context: FieldContext): string[] | undefined {
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

function dateField(field: Raw, base: ReturnType<typeof baseOf>, context: FieldContext): FieldInput {
  const format = str(field.date_format);
  const dateFormat = quireDateFormats[format];
  if (format !== '' && dateFormat === undefined)
    context.note(m.dateFormatChanged(base.label, format));
  if (str(field.date_type) === 'dropdown') context.note(m.dateDropdownStyle(base.label));
  const limitDays = truthy(field.date_limit_days_enable)
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

function timeField(field: Raw, base: ReturnType<typeof baseOf>, context: FieldContext): FieldInput {
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

/**
 * Maps one WPForms field. Layout and unknown types give no field (with a note); the caller
 * adds conditional logic, which needs every field's choices first.
 */
export function mapField(field: Raw, context: FieldContext): MappedField {
  const type = str(field.type);
  const base = baseOf(field, context);
  const label = base.label;
  const placeholder = clip(str(field.placeholder), 300);
  const defaultValue = clip(str(field.default_value), 5000);
  switch (type) {
    case 'text': {
      const mask = str(field.input_mask).trim();
      if (mask !== '' && /[9a*]/i.test(mask)) {
        return { fields: [{ ...base, type: 'masked', placeholder, mask: clip(mask, 100) }] };
      }
      if (mask !== '') context.note(m.maskBecameText(label));
      return {
        fields: [{ ...base, type: 'text', placeholder, defaultValue, limit: limitOf(field) }],
      };
    }
    case 'textarea':
      return {
        fields: [{ ...base, type: 'textarea', placeholder, defaultValue, limit: limitOf(field) }],
      };
    case 'name': {
      const format = str(field.format);
      if (format === 'first-middle-last') context.note(m.middleNameDropped(label));
      const simple = format === 'simple' || format === '';
      return {
        fields: [
          {
            ...base,
            type: 'name',
            format: simple ? 'simple' : 'first-last',
            placeholder: clip(
              str(simple ? field.simple_placeholder : field.first_placeholder),
              300,
            ),
            defaultValue: clip(str(simple ? field.simple_default : field.first_default), 5000),
          },
        ],
      };
    }
    case 'email': {
      const patterns = (value: unknown) =>
        str(value)
          .split(/[\s,]+/)
          .map((p) => p.trim())
          .filter((p) => p !== '')
          .map((p) => clip(p, 254))
          .slice(0, 500);
      const filter = str(field.filter_type);
      return {
        fields: [
          {
            ...base,
            type: 'email',
            placeholder,
            defaultValue,
            confirmation: truthy(field.confirmation),
            confirmationPlaceholder: clip(str(field.confirmation_placeholder), 300),
            allowList: filter === 'allowlist' ? patterns(field.allowlist) : [],
            denyList: filter === 'denylist' ? patterns(field.denylist) : [],
          },
        ],
      };
    }
    case 'url':
      return { fields: [{ ...base, type: 'url', placeholder, defaultValue }] };
    case 'number': {
      const step = num(field.step);
      return {
        fields: [
          {
            ...base,
            type: 'number',
            placeholder,
            defaultValue,
            min: num(field.min),
            max: num(field.max),
            ...(step !== undefined && step > 0 ? { step } : {}),
          },
        ],
      };
    }
    case 'number-slider': {
      const min = num(field.min) ?? 0;
      const max = Math.max(min, num(field.max) ?? 10);
      const step = num(field.step);
      const start = num(field.default_value);
      return {
        fields: [
          {
            ...base,
            type: 'number-slider',
            min,
            max,
            step: step !== undefined && step > 0 ? step : 1,
            ...(start === undefined ? {} : { defaultValue: start }),
            valueHint: clip(str(field.value_display) || 'Selected Value: {value}', 300),
          },
        ],
      };
    }
    case 'hidden':
      return { fields: [{ ...base, type: 'hidden', defaultValue }] };
    case 'checkbox':
    case 'radio':
    case 'select': {
      const { choices, choiceValues, imageChoices } = plainChoices(field);
      if (choices.length === 0) {
        context.note(m.choicesMissing(label, type));
        return nothing;
      }
      if (type === 'select') {
        return {
          choiceValues,
          fields: [
            {
              ...base,
              type,
              choices: choices.map(({ image: _image, ...choice }) => choice),
              multiple: truthy(field.multiple),
              placeholder,
              style: str(field.style) === 'modern' ? 'modern' : 'classic',
            },
          ],
        };
      }
      const limit = int(field.choice_limit);
      return {
        choiceValues,
        fields: [
          type === 'checkbox'
            ? {
                ...base,
                type,
                choices,
                imageChoices,
                choiceLimit: limit !== undefined && limit > 0 ? Math.min(limit, 200) : 0,
              }
            : { ...base, type, choices, imageChoices },
        ],
      };
    }
    case 'gdpr-checkbox': {
      const first = raw(listed(field.choices)[0]?.[1]);
      const agreement = clip(str(first.label).trim() || label || 'I consent', 2000);
      return { fields: [{ ...base, type: 'gdpr-checkbox', agreement, required: true }] };
    }
    case 'content':
      return { fields: [{ ...base, type: 'content', content: clip(str(field.content), 20000) }] };
    case 'divider':
      return { fields: [{ ...base, type: 'divider' }] };
    case 'html':
      return { fields: [{ ...base, type: 'html', code: clip(str(field.code), 60000) }] };
    case 'pagebreak':
      return {
        fields: [
          {
            ...base,
            type: 'pagebreak',
            title: clip(str(field.title), 200),
            nextText: clip(str(field.next) || 'Next', 60),
            prevText: clip(str(field.prev) || 'Previous', 60),
          },
        ],
      };
    case 'payment-single': {
      const format = str(field.format);
      if (format === 'hidden') context.note(m.hiddenPrice(label));
      if (format === 'user') {
        return {
          fields: [
            {
              ...base,
              type: 'payment-single',
              priceType: 'user',
              minimumPrice: price(field.min_price, label, context),
              placeholder,
            },
          ],
        };
      }
      return {
        fields: [
          {
            ...base,
            type: 'payment-single',
            priceType: 'fixed',
            price: price(field.price, label, context),
            hidePrice: format === 'hidden',
            quantity: quantityOf(field),
          },
        ],
      };
    }
    case 'payment-multiple':
    case 'payment-checkbox':
    case 'payment-select': {
      const { choices, choiceValues } = paymentChoices(field, context);
      if (choices.length === 0) {
        context.note(m.choicesMissing(label, type));
        return nothing;
      }
      // WPForms shows a choice's price only when "Show price after item labels" is ticked.
      const hidePrice = !truthy(field.show_price_after_labels);
      if (type === 'payment-checkbox') {
        const limit = int(field.choice_limit);
        return {
          choiceValues,
          fields: [
            {
              ...base,
              type,
              choices,
              hidePrice,
              choiceLimit: limit !== undefined && limit > 0 ? Math.min(limit, 200) : 0,
            },
          ],
        };
      }
      if (type === 'payment-select') {
        return {
          choiceValues,
          fields: [
            {
              ...base,
              type,
              choices: choices.map(({ image: _image, ...choice }) => choice),
              hidePrice,
              placeholder,
              quantity: quantityOf(field),
            },
          ],
        };
      }
      return {
        choiceValues,
        fields: [{ ...base, type, choices, hidePrice, quantity: quantityOf(field) }],
      };
    }
    case 'payment-total':
      return {
        fields: [
          {
            ...base,
            type: 'payment-total',
            summary: field.summary === undefined ? true : truthy(field.summary),
          },
        ],
      };
    case 'payment-coupon':
      context.note(m.couponCodes(label));
      return { fields: [{ ...base, type: 'payment-coupon', placeholder }] };
    case 'stripe-credit-card':
      return { fields: [{ ...base, type: 'payment-credit-card' }] };
    case 'authorize_net':
    case 'square':
    case 'paypal-commerce':
    case 'credit-card':
      context.note(m.cardOtherProvider(label, type));
      return { fields: [{ ...base, type: 'payment-credit-card' }] };
    case 'date-time': {
      const format = str(field.format) || 'date-time';
      if (format === 'time') return { fields: [timeField(field, base, context)] };
      const date = dateField(field, base, context);
      if (format === 'date') return { fields: [date] };
      const timeId = context.newId();
      context.note(m.dateTimeSplit(label, timeId));
      const time = timeField(
        field,
        { ...base, id: timeId, description: '', label: clip(m.timePartLabel(label), 300) },
        context,
      );
      return { fields: [date, time] };
    }
    case 'address': {
      return {
        fields: [
          {
            ...base,
            type: 'address',
            defaultCountry: countryOf(field.country_default, 'US'),
            address2: !truthy(field.address2_hide),
          },
        ],
      };
    }
    case 'phone':
      return { fields: [{ ...base, type: 'phone', placeholder }] };
    case 'password': {
      const level = int(field['password-strength-level']);
      return {
        fields: [
          {
            ...base,
            type: 'password',
            placeholder,
            confirmation: truthy(field.confirmation),
            ...(truthy(field['password-strength']) &&
            level !== undefined &&
            level >= 1 &&
            level <= 4
              ? { strengthLevel: level }
              : {}),
          },
        ],
      };
    }
    case 'richtext':
      return { fields: [{ ...base, type: 'rich-text', limit: limitOf(field) }] };
    case 'rating': {
      const scale = int(field.scale);
      const icon = str(field.icon);
      return {
        fields: [
          {
            ...base,
            type: 'rating',
            scale: scale !== undefined && scale >= 2 && scale <= 10 ? scale : 5,
            icon: icon === 'heart' || icon === 'thumb' || icon === 'smiley' ? icon : 'star',
          },
        ],
      };
    }
    case 'likert':
    case 'likert_scale': {
      const texts = (value: unknown, max: number) =>
        listed(value)
          .map(([, item]) => clip(str(item).trim(), max))
          .filter((item) => item !== '');
      const rows = texts(field.rows, 300).slice(0, 50);
      const columns = texts(field.columns, 100).slice(0, 10);
      if (rows.length === 0 || columns.length < 2) {
        context.note(m.choicesMissing(label, type));
        return nothing;
      }
      return {
        fields: [
          {
            ...base,
            type: 'likert-scale',
            rows,
            columns,
            multiple: truthy(field.multiple_responses),
          },
        ],
      };
    }
    case 'net-promoter-score':
      return {
        fields: [
          {
            ...base,
            type: 'net-promoter-score',
            lowLabel: clip(str(field.lowest_label) || 'Not at all likely', 100),
            highLabel: clip(str(field.highest_label) || 'Extremely likely', 100),
          },
        ],
      };
    case 'file-upload': {
      const size = num(field.max_size);
      const files = int(field.max_file_number);
      return {
        fields: [
          {
            ...base,
            type: 'file-upload',
            extensions: extensionsOf(field, label, context),
            ...(size !== undefined && size > 0 && size <= 1024 ? { maxSizeMb: size } : {}),
            maxFiles: files !== undefined && files >= 1 ? Math.min(files, 100) : 1,
          },
        ],
      };
    }
    case 'signature':
      return { fields: [{ ...base, type: 'signature' }] };
    case 'entry-preview':
      return {
        fields: [
          {
            ...base,
            type: 'entry-preview',
            ...(str(field['preview-notice']) === ''
              ? {}
              : { notice: clip(str(field['preview-notice']), 500) }),
          },
        ],
      };
    case 'captcha':
      context.note(m.captchaQuestions(label));
      return { fields: [{ ...base, type: 'captcha' }] };
    case 'layout':
      context.note(m.layoutFlattened(label));
      return nothing;
    default:
      context.note(m.fieldNoEquivalent(label, type || '?'));
      return nothing;
  }
}
