import { fill } from '../../../platform/fill-message.ts';
import { renderMarkdown } from '../../../platform/markdown.ts';
import type { SanitisedHtml } from '../../../platform/sanitised-html.ts';
import { paymentMessages } from '../../payments/messages.ts';
import { defaultConfirmationMessage, type FormDefinition } from '../form-definition.ts';
import type { LoadedForm } from './loaded-form.ts';

export type Confirmation =
  | { type: 'message'; html: SanitisedHtml }
  | { type: 'redirect'; url: string; newTab: boolean };

/** Where an accepted order's money stands, which is all its confirmation may claim. */
export type OrderState =
  | { kind: 'paid' | 'free' | 'processing'; number: number; total: string }
  | { kind: 'awaiting'; number: number; total: string; instructions: string };

/** The thanks of an order form: the owner's, unless it is still the contact form's default. */
function orderThanks(definition: FormDefinition): string {
  const { confirmation } = definition.settings;
  const message = confirmation.type === 'message' ? confirmation.message : '';
  return message === '' || message === defaultConfirmationMessage
    ? paymentMessages.orderThanks
    : message;
}

/**
 * What a visitor is told once a submission is accepted: the form's own confirmation for an
 * entry; for an order, only what its payment truly is (decision 0051). The form's message
 * (say, "your places are booked") and its redirect are for a paid or free order; an order
 * awaiting an offline payment gets the form's awaiting message with the number, the total and
 * how to pay; a card payment still processing is never called paid.
 */
export function confirmationFor(form: LoadedForm, order?: OrderState): Confirmation {
  const { confirmation, payment } = form.definition.settings;
  if (!order) {
    return confirmation.type === 'message'
      ? { type: 'message', html: form.confirmationHtml }
      : { type: 'redirect', url: confirmation.url, newTab: confirmation.newTab };
  }
  const settled = order.kind === 'paid' || order.kind === 'free' || order.kind === 'awaiting';
  if (confirmation.type === 'redirect' && settled) {
    return { type: 'redirect', url: confirmation.url, newTab: confirmation.newTab };
  }
  const facts = { number: order.number, total: order.total };
  const parts =
    order.kind === 'awaiting'
      ? [
          payment.awaitingMessage || paymentMessages.orderThanks,
          fill(paymentMessages.orderAwaiting, facts),
          order.instructions,
        ]
      : order.kind === 'processing'
        ? [paymentMessages.orderThanks, fill(paymentMessages.orderProcessing, facts)]
        : [
            orderThanks(form.definition),
            fill(
              order.kind === 'free' ? paymentMessages.orderFree : paymentMessages.orderPaid,
              facts,
            ),
          ];
  return { type: 'message', html: renderMarkdown(parts.filter(Boolean).join('\n\n')) };
}
