import { useEffect, useRef, useState } from 'react';
import { errorKey, type FieldErrors } from '../field-rules.ts';
import { asPart, type FormValues, fieldName } from '../field-values.ts';
import { type FormPage, pageOfField } from '../form-pages.ts';
import { formMessages } from '../messages.ts';
import type { PublicForm } from '../public-form.ts';
import type { CardProvider } from './card-provider.ts';
import { type AjaxAnswer, postAjax } from './form-client.ts';

/** What an `action_required` answer carries for the provider (seed §3, Submission result). */
type ActionRequired = {
  payment?: { provider?: unknown; client_secret?: unknown; entry_id?: unknown; proof?: unknown };
};

/**
 * A card payment in the browser: the provider's script loads when the visitor reaches the
 * card's page; before the form is sent the card becomes the provider's token (added to what is
 * sent, never the card itself); after an `action_required` answer the provider runs the bank's
 * step and the form finishes with `qforms_payment_complete`.
 */
export function useCardPayment(
  form: PublicForm,
  pages: readonly FormPage[],
  page: number,
  values: FormValues,
  visible: ReadonlySet<number>,
  total: number,
) {
  const payment = form.payment;
  const cardField = form.definition.fields.find((f) => f.type === 'payment-credit-card');
  const cardPage = cardField ? pageOfField(pages, cardField.id) : undefined;
  const provider = useRef<Promise<CardProvider> | undefined>(undefined);
  const [unavailable, setUnavailable] = useState(false);

  const load = () => {
    if (!payment) return undefined;
    // The provider's code is a chunk of its own, fetched with its script: only card forms need it.
    provider.current ??= import('./card-provider.ts').then(({ loadCardProvider }) => {
      const loading = loadCardProvider(payment);
      if (!loading) throw new Error(`No card provider for ${payment.provider}`);
      return loading;
    });
    provider.current?.then(
      () => setUnavailable(false),
      (error: unknown) => {
        console.error(error);
        provider.current = undefined;
        setUnavailable(true);
      },
    );
    return provider.current;
  };

  useEffect(() => {
    // After a failed load, the next try is the visitor's: sending the form.
    if (page === cardPage && payment?.card === 'stripe' && !provider.current && !unavailable) {
      load();
    }
  });

  /** The fields to send in the card's place, or the card field's errors. */
  const prepareCard = async (): Promise<
    { ok: true; fields: Record<string, string> } | { ok: false; errors: FieldErrors }
  > => {
    if (payment?.card !== 'stripe' || !cardField || !visible.has(cardField.id) || total <= 0) {
      return { ok: true, fields: {} };
    }
    const input = values[cardField.id];
    const card = {
      number: asPart(input, 'number'),
      expiry: asPart(input, 'expiry'),
      cvc: asPart(input, 'cvc'),
    };
    const numberKey = errorKey(cardField.id, 'number');
    if (card.number.trim() === '') {
      return { ok: false, errors: { [numberKey]: formMessages.cardDetailsRequired } };
    }
    let ready: CardProvider | undefined;
    try {
      ready = await load();
    } catch {
      ready = undefined;
    }
    if (!ready) return { ok: false, errors: { [numberKey]: formMessages.cardUnavailable } };
    const token = await ready.tokenise(card).catch((error: unknown) => {
      console.error(error);
      return { error: formMessages.cardUnavailable };
    });
    if ('error' in token) return { ok: false, errors: { [numberKey]: token.error } };
    return {
      ok: true,
      fields: {
        [fieldName(cardField.id, 'token')]: token.token,
        [fieldName(cardField.id, 'brand')]: token.brand,
        [fieldName(cardField.id, 'last4')]: token.last4,
      },
    };
  };

  /** The bank's step, then the end of the submission; undefined when there was no such step. */
  const completeAction = async (data: ActionRequired): Promise<AjaxAnswer | undefined> => {
    const step = data.payment;
    const clientSecret = step?.client_secret;
    if (!step || typeof clientSecret !== 'string') return undefined;
    const ready = await load()?.catch(() => undefined);
    const done = ready
      ? await ready.completeAction(clientSecret)
      : { error: formMessages.cardUnavailable };
    if ('error' in done && cardField) {
      return {
        success: false,
        data: {
          errors: { general: {}, field: { [errorKey(cardField.id, 'number')]: done.error } },
        },
      };
    }
    return postAjax(
      new URLSearchParams({
        action: 'qforms_payment_complete',
        form_id: String(form.id),
        entry_id: String(step.entry_id),
        payment_intent: clientSecret.split('_secret_')[0] ?? '',
        proof: String(step.proof),
      }),
    );
  };

  return { cardUnavailable: unavailable, prepareCard, completeAction };
}
