// Over 500 lines on purpose: the one schema of a form, every field type in one union, in the
// order docs/forms.md documents them; split, the union and its docs would drift apart.
import { z } from 'zod';
import { isSafeRedirectTarget } from '../../platform/redirect-target.ts';
import { dateFormats, ratingIcons, weekdayCodes } from './field-kinds.ts';

/**
 * The form definition: settings plus an ordered list of fields, stored as JSON and documented
 * in docs/forms.md. This one schema checks a definition wherever one comes in (the CLI
 * import, the demo, the admin editor) and gives the types the renderer and the server's
 * submission rules share. Later field types (dates, files…) join the `fieldSchema` union
 * without changing what is here.
 */

const fieldId = z.int().min(1).max(9999);
const text = (max: number) => z.string().max(max);

/** Shows or hides a field from the values of other fields (evaluated in the browser and on the server). */
const conditionRuleSchema = z.strictObject({
  field: fieldId,
  operator: z.enum(['is', 'is_not', 'empty', 'not_empty', 'contains']),
  value: text(500).default(''),
});

const conditionsSchema = z.strictObject({
  action: z.enum(['show', 'hide']).default('show'),
  match: z.enum(['all', 'any']).default('all'),
  rules: z.array(conditionRuleSchema).min(1).max(20),
});

/** What every field has. */
const base = {
  id: fieldId,
  label: text(300).default(''),
  description: text(2000).default(''),
  required: z.boolean().default(false),
  cssClass: text(200)
    .regex(/^[\w\- ]*$/, 'use letters, digits, hyphens and spaces only')
    .default(''),
  hideLabel: z.boolean().default(false),
  readOnly: z.boolean().default(false),
  conditions: conditionsSchema.optional(),
};

const placeholder = text(300).default('');
const defaultText = text(5000).default('');

const limitSchema = z.strictObject({
  count: z.int().min(1).max(100000),
  mode: z.enum(['characters', 'words']),
});

/** A picture beside a choice: a file of the site (`/media/…`) or an https address. */
const choiceImage = z
  .string()
  .max(2000)
  .regex(/^(?:\/(?!\/)|https:\/\/)[^\s"'<>\\]*$/, 'use a path of this site or an https:// address');

const choiceSchema = z.strictObject({
  label: text(500).min(1),
  /** What is stored and compared; the label when absent. */
  value: text(500).optional(),
  selected: z.boolean().default(false),
  /** Shown above the label when the field's `imageChoices` is on. */
  image: choiceImage.optional(),
});

const choices = z.array(choiceSchema).min(1).max(200);

export const textFieldSchema = z.strictObject({
  ...base,
  type: z.literal('text'),
  placeholder,
  defaultValue: defaultText,
  limit: limitSchema.optional(),
});

export const textareaFieldSchema = z.strictObject({
  ...base,
  type: z.literal('textarea'),
  placeholder,
  defaultValue: defaultText,
  limit: limitSchema.optional(),
});

export const nameFieldSchema = z.strictObject({
  ...base,
  type: z.literal('name'),
  format: z.enum(['simple', 'first-last']).default('simple'),
  placeholder,
  defaultValue: defaultText,
});

export const emailFieldSchema = z.strictObject({
  ...base,
  type: z.literal('email'),
  placeholder,
  defaultValue: defaultText,
  confirmation: z.boolean().default(false),
  confirmationPlaceholder: placeholder,
  /** Patterns like `*@example.com`, `spam.example` or `someone@example.org`. */
  allowList: z.array(text(254)).max(500).default([]),
  denyList: z.array(text(254)).max(500).default([]),
});

export const urlFieldSchema = z.strictObject({
  ...base,
  type: z.literal('url'),
  placeholder,
  defaultValue: defaultText,
});

const numberBounds = {
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
};

export const numberFieldSchema = z.strictObject({
  ...base,
  type: z.literal('number'),
  placeholder,
  defaultValue: defaultText,
  ...numberBounds,
  /** Only values ≥ 0 ("Please enter a valid positive number."). */
  positive: z.boolean().default(false),
});

export const numberSliderFieldSchema = z.strictObject({
  ...base,
  type: z.literal('number-slider'),
  min: z.number().default(0),
  max: z.number().default(10),
  step: z.number().positive().default(1),
  defaultValue: z.number().optional(),
  /** Shown under the slider; `{value}` is the current value. */
  valueHint: text(300).default('Selected Value: {value}'),
});

export const hiddenFieldSchema = z.strictObject({
  ...base,
  type: z.literal('hidden'),
  defaultValue: defaultText,
});

export const checkboxFieldSchema = z.strictObject({
  ...base,
  type: z.literal('checkbox'),
  choices,
  /** Most choices a visitor may tick; 0 means no limit. */
  choiceLimit: z.int().min(0).max(200).default(0),
  /** Each choice shows its `image` as a card. */
  imageChoices: z.boolean().default(false),
});

export const radioFieldSchema = z.strictObject({
  ...base,
  type: z.literal('radio'),
  choices,
  imageChoices: z.boolean().default(false),
});

export const selectFieldSchema = z.strictObject({
  ...base,
  type: z.literal('select'),
  choices,
  multiple: z.boolean().default(false),
  placeholder,
  /** `modern`: a searchable combobox, with chips when several may be chosen. */
  style: z.enum(['classic', 'modern']).default('classic'),
});

export const gdprFieldSchema = z.strictObject({
  ...base,
  type: z.literal('gdpr-checkbox'),
  /** The agreement the visitor ticks. */
  agreement: text(2000).min(1),
  required: z.literal(true).default(true),
});

export const contentFieldSchema = z.strictObject({
  ...base,
  type: z.literal('content'),
  /** Markdown, rendered and sanitised when the form is saved. */
  content: text(20000).default(''),
  /** Filled when the form is saved; never trusted from an import. */
  html: text(60000).default(''),
});

export const dividerFieldSchema = z.strictObject({
  ...base,
  type: z.literal('divider'),
});

export const htmlFieldSchema = z.strictObject({
  ...base,
  type: z.literal('html'),
  /** The owner's HTML, sanitised when the form is saved. */
  code: text(60000).default(''),
});

export const pagebreakFieldSchema = z.strictObject({
  ...base,
  type: z.literal('pagebreak'),
  /** Title of the page that starts here (used by the progress and circles indicators). */
  title: text(200).default(''),
  nextText: text(60).default('Next'),
  prevText: text(60).default('Previous'),
});

/** An amount in the currency's smallest unit (cents): a whole number, never a float. */
const price = z.int().min(0).max(10_000_000_000);

const paymentChoiceSchema = z.strictObject({
  ...choiceSchema.shape,
  price,
});

const paymentChoices = z.array(paymentChoiceSchema).min(1).max(200);

/** A quantity input beside the price; the visitor's number must lie within the bounds. */
const quantitySchema = z
  .strictObject({
    min: z.int().min(0).max(10000).default(0),
    max: z.int().min(1).max(10000).default(10),
    /** The number the input starts with; `min` when absent (but at least 1 for a fixed price). */
    default: z.int().min(0).max(10000).optional(),
  })
  .refine((q) => q.min <= q.max, { message: 'min must not exceed max', path: ['max'] })
  .refine((q) => q.default === undefined || (q.default >= q.min && q.default <= q.max), {
    message: 'default must lie between min and max',
    path: ['default'],
  });

const paymentBase = {
  ...base,
  /** Shows the choice without its price (the order summary still lists it). */
  hidePrice: z.boolean().default(false),
};

export const paymentSingleFieldSchema = z
  .strictObject({
    ...paymentBase,
    type: z.literal('payment-single'),
    /** `fixed`: the item costs `price`; `user`: the visitor names the amount (a donation). */
    priceType: z.enum(['fixed', 'user']).default('fixed'),
    price: price.default(0),
    /** Least amount a visitor may name (`user` only). */
    minimumPrice: price.default(0),
    placeholder,
    quantity: quantitySchema.optional(),
  })
  .refine((f) => f.priceType === 'fixed' || f.quantity === undefined, {
    message: 'a quantity goes with a fixed price only',
    path: ['quantity'],
  });

export const paymentMultipleFieldSchema = z.strictObject({
  ...paymentBase,
  type: z.literal('payment-multiple'),
  choices: paymentChoices,
  quantity: quantitySchema.optional(),
});

export const paymentCheckboxFieldSchema = z.strictObject({
  ...paymentBase,
  type: z.literal('payment-checkbox'),
  choices: paymentChoices,
  /** Most choices a visitor may tick; 0 means no limit. */
  choiceLimit: z.int().min(0).max(200).default(0),
});

export const paymentSelectFieldSchema = z.strictObject({
  ...paymentBase,
  type: z.literal('payment-select'),
  choices: paymentChoices,
  placeholder,
  quantity: quantitySchema.optional(),
});

export const paymentCouponFieldSchema = z.strictObject({
  ...base,
  type: z.literal('payment-coupon'),
  placeholder,
  applyText: text(60).default('Apply'),
});

export const paymentCreditCardFieldSchema = z.strictObject({
  ...base,
  type: z.literal('payment-credit-card'),
});

export const paymentTotalFieldSchema = z.strictObject({
  ...base,
  type: z.literal('payment-total'),
  /** The order summary table above the total; false shows the total alone. */
  summary: z.boolean().default(true),
});

export const dateFieldSchema = z.strictObject({
  ...base,
  type: z.literal('date'),
  placeholder,
  /** How the date is shown and typed; it is stored the same way. */
  dateFormat: z.enum(dateFormats).default('mm/dd/yyyy'),
  /** Days before today (in the site's time zone) cannot be chosen. */
  disablePastDates: z.boolean().default(false),
  disableTodaysDate: z.boolean().default(false),
  /** The weekdays a visitor may choose; every day when empty. */
  limitDays: z.array(z.enum(weekdayCodes)).max(7).default([]),
});

/** A time of day as the definition writes it: 24-hour `HH:MM`. */
const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM, from 00:00 to 23:59');

export const timeFieldSchema = z
  .strictObject({
    ...base,
    type: z.literal('time'),
    placeholder,
    format: z.enum(['12h', '24h']).default('12h'),
    /** The earliest and latest time; a minimum later than the maximum spans midnight. */
    minTime: clockTime.optional(),
    maxTime: clockTime.optional(),
    /** Shown when the time lies outside the range. */
    rangeMessage: text(300).default('Please enter a time from {minTime} to {maxTime}.'),
    /** Minutes between the times the input suggests. */
    interval: z.int().min(5).max(720).default(30),
  })
  .refine((f) => (f.minTime === undefined) === (f.maxTime === undefined), {
    message: 'give both minTime and maxTime, or neither',
    path: ['maxTime'],
  });

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'use a two-letter country code (ISO 3166-1)');

export const addressFieldSchema = z.strictObject({
  ...base,
  type: z.literal('address'),
  /** The country the field starts on. */
  defaultCountry: countryCode.default('US'),
  /** A second street line (flat, suite, building). */
  address2: z.boolean().default(true),
});

export const phoneFieldSchema = z.strictObject({
  ...base,
  type: z.literal('phone'),
  placeholder,
  /** The country of a number typed without its +code. */
  defaultCountry: countryCode.default('US'),
});

export const maskedFieldSchema = z.strictObject({
  ...base,
  type: z.literal('masked'),
  placeholder,
  /** `9` a digit, `a` a letter, `*` a letter or digit; anything else is typed for the visitor. */
  mask: text(100).regex(/[9a*]/i, 'a mask needs at least one 9, a or *'),
});

export const passwordFieldSchema = z.strictObject({
  ...base,
  type: z.literal('password'),
  placeholder,
  confirmation: z.boolean().default(false),
  /** The least strength (zxcvbn's score, 1 to 4) the password must have; any when absent. */
  strengthLevel: z.int().min(1).max(4).optional(),
});

export const richTextFieldSchema = z.strictObject({
  ...base,
  type: z.literal('rich-text'),
  limit: limitSchema.optional(),
});

export const ratingFieldSchema = z.strictObject({
  ...base,
  type: z.literal('rating'),
  scale: z.int().min(2).max(10).default(5),
  icon: z.enum(ratingIcons).default('star'),
});

export const likertFieldSchema = z.strictObject({
  ...base,
  type: z.literal('likert-scale'),
  rows: z.array(text(300).min(1)).min(1).max(50),
  columns: z.array(text(100).min(1)).min(2).max(10),
  /** Several answers per row (checkboxes) rather than one. */
  multiple: z.boolean().default(false),
});

export const npsFieldSchema = z.strictObject({
  ...base,
  type: z.literal('net-promoter-score'),
  lowLabel: text(100).default('Not at all likely'),
  highLabel: text(100).default('Extremely likely'),
});

export const entryPreviewFieldSchema = z.strictObject({
  ...base,
  type: z.literal('entry-preview'),
  /** Shown above the answers. */
  notice: text(500).default('Please check your answers before you send them.'),
});

/** The fields a repeater row may hold: one input each, so a row is a line of a table. */
const repeatedFieldSchema = z.discriminatedUnion('type', [
  textFieldSchema,
  emailFieldSchema.extend({ confirmation: z.literal(false).default(false) }),
  urlFieldSchema,
  numberFieldSchema,
  selectFieldSchema.extend({ multiple: z.literal(false).default(false) }),
  dateFieldSchema,
  timeFieldSchema,
]);

export const repeaterFieldSchema = z
  .strictObject({
    ...base,
    type: z.literal('repeater'),
    fields: z.array(repeatedFieldSchema).min(1).max(10),
    minRows: z.int().min(0).max(50).default(1),
    maxRows: z.int().min(1).max(50).default(10),
    addText: text(60).default('Add another'),
    removeText: text(60).default('Remove'),
  })
  .refine((f) => f.minRows <= f.maxRows, {
    message: 'minRows must not exceed maxRows',
    path: ['maxRows'],
  })
  .refine((f) => new Set(f.fields.map((sub) => sub.id)).size === f.fields.length, {
    message: 'each field of a row needs its own id',
    path: ['fields'],
  });

export const fileUploadFieldSchema = z.strictObject({
  ...base,
  type: z.literal('file-upload'),
  /** Extensions a file may have (lower case, no dot); what it holds must match too. */
  extensions: z
    .array(text(10).regex(/^[a-z0-9]+$/, 'use lower-case letters and digits, without the dot'))
    .min(1)
    .max(50)
    .default(['png', 'jpg', 'jpeg', 'gif']),
  /** Largest size of one file, in MB; the site's upload limit when absent. */
  maxSizeMb: z.number().positive().max(1024).optional(),
  maxFiles: z.int().min(1).max(100).default(1),
});

export const cameraFieldSchema = z.strictObject({
  ...base,
  type: z.literal('camera'),
  maxSizeMb: z.number().positive().max(1024).optional(),
});

export const signatureFieldSchema = z.strictObject({
  ...base,
  type: z.literal('signature'),
  /** The label of the typed alternative for visitors who cannot draw. */
  typedLabel: text(200).default('Or type your full name'),
});

export const captchaFieldSchema = z.strictObject({
  ...base,
  type: z.literal('captcha'),
});

export const fieldSchema = z.discriminatedUnion('type', [
  textFieldSchema,
  textareaFieldSchema,
  nameFieldSchema,
  emailFieldSchema,
  urlFieldSchema,
  numberFieldSchema,
  numberSliderFieldSchema,
  hiddenFieldSchema,
  checkboxFieldSchema,
  radioFieldSchema,
  selectFieldSchema,
  gdprFieldSchema,
  contentFieldSchema,
  dividerFieldSchema,
  htmlFieldSchema,
  pagebreakFieldSchema,
  paymentSingleFieldSchema,
  paymentMultipleFieldSchema,
  paymentCheckboxFieldSchema,
  paymentSelectFieldSchema,
  paymentCouponFieldSchema,
  paymentCreditCardFieldSchema,
  paymentTotalFieldSchema,
  dateFieldSchema,
  timeFieldSchema,
  addressFieldSchema,
  phoneFieldSchema,
  maskedFieldSchema,
  passwordFieldSchema,
  richTextFieldSchema,
  ratingFieldSchema,
  likertFieldSchema,
  npsFieldSchema,
  entryPreviewFieldSchema,
  repeaterFieldSchema,
  fileUploadFieldSchema,
  cameraFieldSchema,
  signatureFieldSchema,
  captchaFieldSchema,
]);

export const defaultConfirmationMessage =
  'Thanks for contacting us! We will be in touch with you shortly.';

const confirmationSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('message'),
    /** Markdown; rendered and sanitised on the server, then sent as HTML. */
    message: text(20000).default(defaultConfirmationMessage),
  }),
  z.strictObject({
    type: z.literal('redirect'),
    url: z
      .string()
      .refine(
        isSafeRedirectTarget,
        'must be a path of this site or an http(s) URL, without backslashes or spaces',
      ),
    newTab: z.boolean().default(false),
  }),
]);

const settingsSchema = z.strictObject({
  submitText: text(60).default('Submit'),
  submittingText: text(60).default('Sending...'),
  /** Submit with fetch; false posts the page like a form without JavaScript does. */
  ajax: z.boolean().default(true),
  pageIndicator: z.enum(['progress', 'circles', 'connector', 'none']).default('progress'),
  firstPageTitle: text(200).default(''),
  cssClass: text(200)
    .regex(/^[\w\- ]*$/, 'use letters, digits, hyphens and spaces only')
    .default(''),
  confirmation: confirmationSchema.default({
    type: 'message',
    message: defaultConfirmationMessage,
  }),
  emailSuggestions: z.boolean().default(true),
  readOnly: z.boolean().default(false),
  antispam: z
    .strictObject({
      honeypot: z.boolean().default(true),
      /** A submission sent faster than this after the form was opened is spam. */
      minimumSeconds: z.int().min(0).max(3600).default(3),
    })
    .default({ honeypot: true, minimumSeconds: 3 }),
  notifications: z
    .strictObject({
      /** Mail each entry to the site owner (the administrators, or `ownerTo`). */
      owner: z.boolean().default(true),
      ownerTo: z.array(z.email()).max(20).default([]),
      ownerSubject: text(200).default('New entry: {form}'),
      /** Mail a copy to the visitor, at the address in this e-mail field. */
      visitorEmailField: fieldId.optional(),
      visitorSubject: text(200).default('We received your message'),
      visitorMessage: text(5000).default('Thank you. This is a copy of what you sent us.'),
    })
    .default({
      owner: true,
      ownerTo: [],
      ownerSubject: 'New entry: {form}',
      visitorSubject: 'We received your message',
      visitorMessage: 'Thank you. This is a copy of what you sent us.',
    }),
  /**
   * How the form takes payment when it has payment fields: the site's provider (set in the
   * admin) unless one is named here, and payment instructions of its own for `offline`.
   */
  payment: z
    .strictObject({
      provider: z.enum(['offline', 'stripe']).optional(),
      /** Markdown sent with an offline order; the site's instructions when empty. */
      instructions: text(5000).default(''),
      /** What the provider shows on the statement and in its dashboard; the form title when empty. */
      description: text(200).default(''),
      /**
       * Markdown thanking a buyer whose order waits for payment (offline); the confirmation
       * message is for paid orders only. A plain thanks when empty.
       */
      awaitingMessage: text(20000).default(''),
    })
    .default({ instructions: '', description: '', awaitingMessage: '' }),
});

export const formDefinitionSchema = z
  .strictObject({
    title: text(200).min(1),
    description: text(2000).default(''),
    settings: settingsSchema.default(settingsSchema.parse({})),
    fields: z.array(fieldSchema).max(500),
    /**
     * The largest field id the form has ever given (WPForms' `field_id`): a new field takes an
     * id above it, so a deleted field's id, which its answers keep, is never given again. The
     * server keeps it (decision 0048); a definition without it starts from its largest id.
     */
    lastFieldId: z.int().min(0).max(9999).optional(),
  })
  .superRefine((form, context) => {
    const ids = new Set<number>();
    form.fields.forEach((field, index) => {
      if (ids.has(field.id)) {
        context.addIssue({
          code: 'custom',
          path: ['fields', index, 'id'],
          message: `field id ${field.id} is used twice`,
        });
      }
      ids.add(field.id);
    });
    form.fields.forEach((field, index) => {
      for (const [ruleIndex, rule] of (field.conditions?.rules ?? []).entries()) {
        if (!ids.has(rule.field) || rule.field === field.id) {
          context.addIssue({
            code: 'custom',
            path: ['fields', index, 'conditions', 'rules', ruleIndex, 'field'],
            message: `refers to field ${rule.field}, which is not another field of this form`,
          });
        }
      }
    });
    const captcha = form.fields.findIndex((f) => f.type === 'captcha');
    if (captcha !== -1) {
      const later = form.fields.slice(captcha + 1);
      if (later.some((f) => f.type === 'pagebreak' || f.type === 'captcha')) {
        context.addIssue({
          code: 'custom',
          path: ['fields', captcha, 'type'],
          message: 'a form has one captcha, on its last page',
        });
      }
    }
    for (const single of ['payment-coupon', 'payment-credit-card'] as const) {
      const many = form.fields.filter((f) => f.type === single);
      if (many.length > 1) {
        context.addIssue({
          code: 'custom',
          path: ['fields', form.fields.indexOf(many[1]!), 'type'],
          message: `a form has at most one ${single} field`,
        });
      }
    }
    const visitorField = form.settings.notifications.visitorEmailField;
    if (
      visitorField !== undefined &&
      !form.fields.some((f) => f.id === visitorField && f.type === 'email')
    ) {
      context.addIssue({
        code: 'custom',
        path: ['settings', 'notifications', 'visitorEmailField'],
        message: `field ${visitorField} is not an e-mail field of this form`,
      });
    }
  });

/** A definition as written in JSON: defaults may be left out. */
export type FormDefinitionInput = z.input<typeof formDefinitionSchema>;
export type FormDefinition = z.output<typeof formDefinitionSchema>;
export type FormField = FormDefinition['fields'][number];
export type FieldType = FormField['type'];
export type FieldOfType<T extends FieldType> = Extract<FormField, { type: T }>;
export type Choice = z.output<typeof choiceSchema>;
export type PaymentChoice = z.output<typeof paymentChoiceSchema>;
export type Conditions = z.output<typeof conditionsSchema>;

/** A stored form as pages and the submission code see it. */
export type StoredForm = { id: number; definition: FormDefinition };

/** Reads and checks a definition; the error lists every problem with its path. */
export function parseFormDefinition(
  input: unknown,
): { ok: true; definition: FormDefinition } | { ok: false; problems: string[] } {
  const result = formDefinitionSchema.safeParse(input);
  if (result.success) return { ok: true, definition: result.data };
  return {
    ok: false,
    problems: result.error.issues.map(
      (issue) => `${issue.path.length ? issue.path.join('.') : '(form)'}: ${issue.message}`,
    ),
  };
}
