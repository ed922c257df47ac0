import type { APIRoute } from 'astro';
import { receiveStripeWebhook } from '../../../features/payments/server/stripe-webhook.ts';

/** `POST /payments/stripe/webhook`: Stripe's signed events about orders' payments. */
export const POST: APIRoute = async ({ request, locals }) => {
  const body = await request.text();
  const answer = await receiveStripeWebhook(
    locals.app.payments,
    body,
    request.headers.get('stripe-signature'),
  );
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
};
