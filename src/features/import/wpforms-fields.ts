import { wpformsMessages as m } from './messages.ts';
import {
  baseOf,
  countryOf,
  dateField,
  extensionsOf,
  type FieldContext,
  limitOf,
  type MappedField,
  paymentChoices,
  plainChoices,
  price,
  quantityOf,
  timeField,
} from './wpforms-field-parts.ts';
import { clip, int, listed, num, type Raw, raw, str, truthy } from './wpforms-read.ts';

const nothing: MappedField = { fields: [] };

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
    case 'net_promoter_score':
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
