import { describe, expect, it } from 'vitest';
import { defaultCurrency } from '../payments/currency.ts';
import { couponDiscount, maxOrderTotal } from '../payments/order-pricing.ts';
import { checkFields } from './field-rules.ts';
import { displayValue, initialValues, readFieldEntries } from './field-values.ts';
import {
  type FormDefinitionInput,
  formDefinitionSchema,
  parseFormDefinition,
} from './form-definition.ts';
import { formMessages } from './messages.ts';
import { hasPayments, orderSummary } from './order-summary.ts';
import { checkCardField } from './rules/credit-card.ts';

const define = (fields: FormDefinitionInput['fields']) =>
  formDefinitionSchema.parse({ title: 'Shop', fields });

const workshop = define([
  { id: 1, type: 'text', label: 'Name' },
  {
    id: 2,
    type: 'payment-single',
    label: 'Ticket',
    price: 4500,
    quantity: { min: 1, max: 5 },
  },
  {
    id: 3,
    type: 'payment-multiple',
    label: 'Session',
    choices: [
      { label: 'Morning', price: 1000 },
      { label: 'Evening', price: 1500, value: 'eve' },
    ],
    quantity: { min: 0, max: 3 },
  },
  {
    id: 4,
    type: 'payment-checkbox',
    label: 'Extras',
    choices: [
      { label: 'Lunch', price: 1250 },
      { label: 'Book', price: 2999 },
      { label: 'Sticker', price: 0 },
    ],
    choiceLimit: 2,
  },
  {
    id: 5,
    type: 'payment-select',
    label: 'T-shirt',
    choices: [
      { label: 'S', price: 2000 },
      { label: 'M', price: 2000 },
    ],
  },
  { id: 6, type: 'payment-single', label: 'Donation', priceType: 'user', minimumPrice: 500 },
  { id: 7, type: 'payment-coupon', label: 'Coupon' },
  { id: 8, type: 'payment-total', label: 'Total' },
]);
const all = new Set(workshop.fields.map((f) => f.id));

describe('the order summary', () => {
  it('has a row per chosen field and choice, in the order of the form', () => {
    const summary = orderSummary(
      workshop,
      {
        2: { quantity: '2' },
        3: { value: 'eve', quantity: '3' },
        4: ['Book', 'Lunch'],
        5: 'M',
        6: '12,5',
      },
      all,
      defaultCurrency,
    );
    expect(
      summary.rows.map((r) => [r.fieldId, r.choice, r.quantity, r.unitPrice, r.amount]),
    ).toEqual([
      [2, '', 2, 4500, 9000],
      [3, 'Evening', 3, 1500, 4500],
      [4, 'Lunch', 1, 1250, 1250],
      [4, 'Book', 1, 2999, 2999],
      [5, 'M', 1, 2000, 2000],
      [6, '', 1, 1250, 1250],
    ]);
    expect(summary.subtotal).toBe(20999);
    expect(summary.total).toBe(20999);
    expect(summary.coupon).toBeUndefined();
  });

  it('starts from the definition: a fixed price with its starting quantity', () => {
    const summary = orderSummary(workshop, initialValues(workshop), all, defaultCurrency);
    expect(summary.rows).toEqual([
      { fieldId: 2, label: 'Ticket', choice: '', quantity: 1, unitPrice: 4500, amount: 4500 },
    ]);
  });

  it('leaves out hidden fields, nothing chosen, a quantity of 0 and invalid input', () => {
    const summary = orderSummary(
      workshop,
      { 2: { quantity: '9' }, 3: { value: 'eve', quantity: '0' }, 5: 'XL', 6: 'abc' },
      new Set([1, 2, 3, 5, 6]),
      defaultCurrency,
    );
    expect(summary.rows).toEqual([]);
    expect(summary.total).toBe(0);
  });

  it('applies a coupon to the subtotal, never below zero', () => {
    const values = { 2: { quantity: '1' }, 4: ['Book'] };
    const percent = orderSummary(workshop, values, all, defaultCurrency, {
      code: 'TEN',
      kind: 'percent',
      amount: 1000,
    });
    expect(percent.subtotal).toBe(7499);
    expect(percent.coupon).toEqual({ code: 'TEN', discount: 750 });
    expect(percent.total).toBe(6749);
    const fixed = orderSummary(workshop, values, all, defaultCurrency, {
      code: 'BIG',
      kind: 'fixed',
      amount: 100000,
    });
    expect(fixed.coupon).toEqual({ code: 'BIG', discount: 7499 });
    expect(fixed.total).toBe(0);
  });

  it('rounds percentage discounts half up in whole units, exactly for large totals', () => {
    expect(couponDiscount({ code: 'A', kind: 'percent', amount: 1500 }, 333)).toBe(50);
    expect(couponDiscount({ code: 'A', kind: 'percent', amount: 1500 }, 330)).toBe(50);
    expect(couponDiscount({ code: 'A', kind: 'percent', amount: 1500 }, 329)).toBe(49);
    expect(couponDiscount({ code: 'A', kind: 'percent', amount: 3333 }, maxOrderTotal - 1)).toBe(
      33_330_000_000_000,
    );
    expect(couponDiscount({ code: 'A', kind: 'percent', amount: 10000 }, 999)).toBe(999);
  });

  it('tells a form that sells from one that does not', () => {
    expect(hasPayments(workshop)).toBe(true);
    expect(hasPayments(define([{ id: 1, type: 'payment-coupon' }]))).toBe(false);
  });
});

describe('payment field rules', () => {
  const errorsFor = (values: Record<number, unknown>) =>
    checkFields(workshop, values as never, all, { currency: defaultCurrency });

  it('asks for a payment with "Payment is required." when nothing or 0 is chosen', () => {
    const required = define([
      {
        id: 1,
        type: 'payment-multiple',
        required: true,
        choices: [
          { label: 'Free', price: 0 },
          { label: 'Paid', price: 100 },
        ],
      },
      { id: 2, type: 'payment-single', required: true, priceType: 'user' },
      { id: 3, type: 'payment-checkbox', required: true, choices: [{ label: 'A', price: 100 }] },
      { id: 4, type: 'payment-single', required: true, price: 100, quantity: { min: 0, max: 2 } },
    ]);
    const ids = new Set([1, 2, 3, 4]);
    const empty = checkFields(required, { 1: '', 2: '', 3: [], 4: { quantity: '0' } }, ids);
    expect(empty).toEqual({
      1: formMessages.paymentRequired,
      2: formMessages.paymentRequired,
      3: formMessages.paymentRequired,
      4: formMessages.paymentRequired,
    });
    const zero = checkFields(
      required,
      { 1: 'Free', 2: '0.00', 3: ['A'], 4: { quantity: '1' } },
      ids,
    );
    expect(zero).toEqual({ 1: formMessages.paymentRequired, 2: formMessages.paymentRequired });
  });

  it('refuses quantities out of range instead of clamping them', () => {
    expect(errorsFor({ 2: { quantity: '6' } })).toEqual({
      '2[quantity]': 'Please enter a quantity from 1 to 5.',
    });
    expect(errorsFor({ 2: { quantity: '-1' } })['2[quantity]']).toBeDefined();
    expect(errorsFor({ 2: { quantity: '1.5' } })['2[quantity]']).toBeDefined();
    expect(errorsFor({ 2: { quantity: '5' } })).toEqual({});
  });

  it('refuses choices the form does not have', () => {
    expect(errorsFor({ 2: { quantity: '1' }, 3: { value: 'Night', quantity: '1' } })[3]).toBe(
      formMessages.invalidChoice,
    );
    expect(errorsFor({ 2: { quantity: '1' }, 4: ['Lunch', 'Caviar'] })[4]).toBe(
      formMessages.invalidChoice,
    );
    expect(errorsFor({ 2: { quantity: '1' }, 5: ['S', 'M'] })[5]).toBe(formMessages.invalidChoice);
  });

  it('honours the checkbox limit', () => {
    expect(errorsFor({ 2: { quantity: '1' }, 4: ['Lunch', 'Book', 'Sticker'] })[4]).toBe(
      'You have exceeded the number of allowed selections: 2.',
    );
  });

  it('checks a user-input price against its minimum and for digits', () => {
    expect(errorsFor({ 2: { quantity: '1' }, 6: '4.99' })[6]).toBe(
      'Amount entered is less than the required minimum.',
    );
    expect(errorsFor({ 2: { quantity: '1' }, 6: '5' })).toEqual({});
    expect(errorsFor({ 2: { quantity: '1' }, 6: 'abc' })[6]).toBe(
      'Please enter an amount, such as $25.00.',
    );
    expect(errorsFor({ 2: { quantity: '1' }, 6: '' })).toEqual({});
  });

  it('refuses a negative amount rather than charging it turned around', () => {
    for (const typed of ['-50', '-5.00', '50-', '$-50']) {
      expect(errorsFor({ 2: { quantity: '1' }, 6: typed })[6], typed).toBe(
        'Please enter an amount, such as $25.00.',
      );
    }
    expect(errorsFor({ 2: { quantity: '1' }, 6: '50' })).toEqual({});
  });

  it('checks the coupon code’s shape only', () => {
    expect(errorsFor({ 2: { quantity: '1' }, 7: 'spring-25' })).toEqual({});
    expect(errorsFor({ 2: { quantity: '1' }, 7: 'no spaces!' })[7]).toBe(
      formMessages.couponInvalid,
    );
  });
});

describe('the card field', () => {
  const form = define([{ id: 9, type: 'payment-credit-card', label: 'Card', required: true }]);
  const ids = new Set([9]);
  // Where the form takes a card (the server's context, a browser's once the card view loaded).
  const card = { cardRules: checkCardField };
  const now = new Date();
  const nextYear = String((now.getFullYear() + 1) % 100).padStart(2, '0');

  it('runs the card checks on what the visitor typed, per input', () => {
    expect(
      checkFields(
        form,
        { 9: { number: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' } },
        ids,
        card,
      ),
    ).toEqual({
      '9[number]': formMessages.creditCard,
      '9[expiry]': formMessages.cardExpiry,
      '9[cvc]': formMessages.cardCvc,
    });
    expect(
      checkFields(
        form,
        { 9: { number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvc: '123' } },
        ids,
        card,
      ),
    ).toEqual({});
    expect(checkFields(form, { 9: {} }, ids, card)).toEqual({
      '9[number]': formMessages.required,
    });
  });

  it('is not checked where the form takes no card: it then has no inputs to fill in', () => {
    expect(checkFields(form, { 9: {} }, ids)).toEqual({});
  });

  it('never reads a card number, expiry or code a request sends to the server', () => {
    const parsed = readFieldEntries(
      [
        ['qforms[fields][9][number]', '4242424242424242'],
        ['qforms[fields][9][cvc]', '123'],
        ['qforms[fields][9][expiry]', '12/30'],
        ['qforms[fields][9][brand]', 'visa'],
        ['qforms[fields][9][last4]', '4242'],
      ],
      form,
    );
    expect(parsed.browserOnlySent).toBe(true);
    expect(parsed.values).toEqual({ 9: { brand: 'visa', last4: '4242' } });
    expect(checkFields(form, parsed.values, ids, card)).toEqual({});
    expect(displayValue(form.fields[0]!, parsed.values[9])).toBe('visa ending in 4242');
  });

  it('refuses a brand or last 4 digits of the wrong shape', () => {
    expect(checkFields(form, { 9: { brand: 'visa', last4: '42424242' } }, ids, card)[9]).toBe(
      formMessages.invalidChoice,
    );
  });
});

describe('the payment definition', () => {
  it('keeps prices as whole smallest units and refuses floats and a quantity on a user price', () => {
    const result = parseFormDefinition({
      title: 'Shop',
      fields: [
        { id: 1, type: 'payment-single', price: 12.5 },
        { id: 2, type: 'payment-single', priceType: 'user', quantity: { min: 1, max: 2 } },
        {
          id: 3,
          type: 'payment-multiple',
          choices: [{ label: 'A', price: 1, image: 'javascript:x' }],
        },
        {
          id: 4,
          type: 'payment-select',
          choices: [{ label: 'A', price: 1 }],
          quantity: { min: 3, max: 2 },
        },
      ],
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? '' : result.problems.join('\n');
    expect(problems).toContain('fields.0.price');
    expect(problems).toContain('fields.1.quantity: a quantity goes with a fixed price only');
    expect(problems).toContain('fields.2.choices.0.image');
    expect(problems).toContain('fields.3.quantity.max: min must not exceed max');
  });

  it('has at most one coupon and one card field', () => {
    const result = parseFormDefinition({
      title: 'Shop',
      fields: [
        { id: 5, type: 'payment-coupon' },
        { id: 6, type: 'payment-coupon' },
      ],
    });
    expect(result.ok ? [] : result.problems).toEqual([
      'fields.1.type: a form has at most one payment-coupon field',
    ]);
  });
});
