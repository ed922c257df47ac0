import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Stripe Quire uses, answering with the documented shapes
 * (docs.stripe.com/api): Stripe.js at `/v3/` (its `handleNextAction`), PaymentMethods made
 * from a card with the publishable key (`POST /v1/payment_methods`, from the browser, with
 * CORS), and PaymentIntents created, confirmed, retrieved and cancelled with the secret key. Test cards
 * follow Stripe's: 4242… succeeds, 4000 0025 0000 3155 asks for 3-D Secure, 4000 0000 0000 0002
 * is declined. Every request is kept, so tests can see what reached the provider.
 */

export type StandInRequest = {
  method: string;
  path: string;
  authorization: string;
  idempotencyKey: string | undefined;
  body: string;
  form: URLSearchParams;
};

export type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  payment_method: string;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: null | { message: string };
  created: number;
  livemode: false;
};

const testCards: Record<string, { brand: string; method: string }> = {
  '4242424242424242': { brand: 'visa', method: 'pm_card_visa' },
  '5555555555554444': { brand: 'mastercard', method: 'pm_card_mastercard' },
  '4000002500003155': { brand: 'visa', method: 'pm_card_authenticationRequired' },
  '4000000000000002': { brand: 'visa', method: 'pm_card_chargeDeclined' },
};

function stripeJs(origin: string): string {
  return `window.Stripe = function (key) {
  return {
    handleNextAction: async function (options) {
      const response = await fetch(${JSON.stringify(origin)} + '/test/authenticate', {
        method: 'POST',
        body: new URLSearchParams({ client_secret: options.clientSecret, key: key }),
      });
      const answer = await response.json();
      return answer.ok
        ? { paymentIntent: answer.payment_intent }
        : { error: { message: 'We are unable to authenticate your payment method.' } };
    },
  };
};
`;
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

export async function startStripeStandIn(
  options: { declineAuthentication?: boolean; port?: number } = {},
) {
  const requests: StandInRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  let counter = 0;
  let scriptAvailable = true;

  const send = (response: ServerResponse, status: number, body: unknown, type = 'json') => {
    response.writeHead(status, {
      ...cors,
      'content-type': type === 'json' ? 'application/json' : 'text/javascript',
      'request-id': `req_${++counter}`,
    });
    response.end(type === 'json' ? JSON.stringify(body) : String(body));
  };
  const stripeError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({
    error: { type, message, ...extra },
  });

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const entry: StandInRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      authorization: request.headers.authorization ?? '',
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      body,
      form: new URLSearchParams(body),
    };
    requests.push(entry);
    if (entry.method === 'OPTIONS') return send(response, 204, '');
    const origin = `http://${request.headers.host}`;

    if (entry.method === 'GET' && url.pathname === '/v3/') {
      if (!scriptAvailable) return send(response, 503, 'unavailable', 'js');
      return send(response, 200, stripeJs(origin), 'js');
    }
    if (entry.method === 'POST' && url.pathname === '/v1/payment_methods') {
      if (!entry.authorization.startsWith('Bearer pk_test_')) {
        return send(
          response,
          401,
          stripeError('invalid_request_error', 'Invalid API Key provided.'),
        );
      }
      const number = entry.form.get('card[number]') ?? '';
      const card = testCards[number];
      if (!card) {
        return send(
          response,
          402,
          stripeError('card_error', 'Your card number is incorrect.', { code: 'incorrect_number' }),
        );
      }
      return send(response, 200, {
        id: card.method,
        object: 'payment_method',
        type: 'card',
        card: {
          brand: card.brand,
          last4: number.slice(-4),
          exp_month: Number(entry.form.get('card[exp_month]')),
          exp_year: Number(entry.form.get('card[exp_year]')),
        },
        livemode: false,
      });
    }
    if (url.pathname.startsWith('/v1/payment_intents')) {
      if (!entry.authorization.startsWith('Bearer sk_test_')) {
        return send(
          response,
          401,
          stripeError('invalid_request_error', 'Invalid API Key provided.'),
        );
      }
      if (entry.method === 'GET') {
        const intent = intents.get(url.pathname.split('/')[3] ?? '');
        return intent
          ? send(response, 200, intent)
          : send(response, 404, stripeError('invalid_request_error', 'No such payment_intent'));
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (entry.method === 'POST' && cancel) {
        const intent = intents.get(cancel[1] ?? '');
        if (!intent) {
          return send(
            response,
            404,
            stripeError('invalid_request_error', 'No such payment_intent'),
          );
        }
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return send(
            response,
            400,
            stripeError(
              'invalid_request_error',
              `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              { code: 'payment_intent_unexpected_state' },
            ),
          );
        }
        intent.status = 'canceled';
        return send(response, 200, intent);
      }
      const repeated = entry.idempotencyKey && byIdempotencyKey.get(entry.idempotencyKey);
      if (repeated) return send(response, repeated.status, repeated.body);
      const method = entry.form.get('payment_method') ?? '';
      if (method === 'pm_unreachable') {
        request.socket.destroy();
        return;
      }
      const id = `pi_standin_${++counter}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of entry.form) {
        const match = /^metadata\[(\w+)\]$/.exec(name);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(entry.form.get('amount')),
        currency: entry.form.get('currency') ?? '',
        status: 'succeeded',
        client_secret: `${id}_secret_standin`,
        payment_method: method,
        description: entry.form.get('description'),
        metadata,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      let status = 200;
      let answer: unknown = intent;
      if (method === 'pm_card_authenticationRequired') intent.status = 'requires_action';
      if (method === 'pm_card_chargeDeclined') {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { message: 'Your card was declined.' };
        status = 402;
        answer = stripeError('card_error', 'Your card was declined.', {
          code: 'card_declined',
          decline_code: 'generic_decline',
          payment_intent: intent,
        });
      }
      intents.set(id, intent);
      if (entry.idempotencyKey)
        byIdempotencyKey.set(entry.idempotencyKey, { status, body: answer });
      return send(response, status, answer);
    }
    if (entry.method === 'POST' && url.pathname === '/test/authenticate') {
      const secret = entry.form.get('client_secret') ?? '';
      const intent = intents.get(secret.split('_secret_')[0] ?? '');
      if (!intent || options.declineAuthentication) {
        if (intent) intent.status = 'requires_payment_method';
        return send(response, 200, { ok: false });
      }
      intent.status = 'succeeded';
      return send(response, 200, { ok: true, payment_intent: intent });
    }
    send(
      response,
      404,
      stripeError('invalid_request_error', `Unrecognized request URL (${url.pathname})`),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    /** Makes `/v3/` fail, as when Stripe cannot be reached. */
    setScriptAvailable: (available: boolean) => {
      scriptAvailable = available;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
