import { readFileSync } from 'node:fs';
import type { FormDefinitionInput } from '../../src/features/forms/form-definition.ts';

type DemoDefinition = FormDefinitionInput & {
  settings: { payment: Record<string, unknown> };
};

/**
 * The demo's Workshop booking (demo/forms.json, form 3), taking cards through Stripe: the
 * demo itself takes bank transfers and has no card field, so this adds one (field 13).
 */
export function cardBookingDefinition(title = 'Workshop booking by card'): FormDefinitionInput {
  const archive = JSON.parse(readFileSync('demo/forms.json', 'utf8')) as {
    forms: Array<{ id: number; definition: DemoDefinition }>;
  };
  const booking = archive.forms.find((form) => form.id === 3)?.definition;
  if (!booking) throw new Error('demo/forms.json has no form 3');
  return {
    ...booking,
    title,
    settings: { ...booking.settings, payment: { ...booking.settings.payment, provider: 'stripe' } },
    fields: [...booking.fields, { id: 13, type: 'payment-credit-card', label: 'Card' }],
  };
}
