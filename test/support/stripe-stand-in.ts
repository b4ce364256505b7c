import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A stateful stand-in for the parts of Stripe's API the shop uses (PaymentIntents create/retrieve/cancel, refunds),
 * reached by the official SDK through its host/port/protocol options, so tests run offline. It keeps Stripe's
 * idempotency rule (the same Idempotency-Key answers the first result: one intent per key), can answer 500 on the
 * next creations, lets a test move an intent as a shopper would (pay, decline, process), and builds webhook events
 * signed with the webhook secret by stripe.webhooks.generateTestHeaderString.
 */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';
  client_secret: string;
  last_payment_error: { type: string; code: string; message: string } | null;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  created: number;
  livemode: false;
  cancellation_reason: string | null;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  idempotencyKey: string | undefined;
  metadata: Record<string, string>;
}

export const TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin_0000000000000000',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin_0000000000000000',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin_00000000000000000000',
} as const;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Reads `a=1&metadata[orderId]=x&automatic_payment_methods[enabled]=true` into a nested object (one level is enough here). */
function parseForm(body: string): Record<string, string | Record<string, string>> {
  const out: Record<string, string | Record<string, string>> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^([^[]+)\[([^\]]+)\]$/.exec(key);
    if (nested) {
      const inner = (out[nested[1]] as Record<string, string> | undefined) ?? {};
      inner[nested[2]] = value;
      out[nested[1]] = inner;
    } else out[key] = value;
  }
  return out;
}

export class StripeStandIn {
  readonly intents = new Map<string, StandInIntent>();
  readonly refunds: StandInRefund[] = [];
  /** Every POST /v1/payment_intents, in order, with its Idempotency-Key (failed ones too). */
  readonly createRequests: { idempotencyKey: string | undefined; answered: number }[] = [];
  /** Every request, "METHOD /path". */
  readonly requests: string[] = [];
  /** How many of the next intent creations answer 500 (nothing stored: Stripe saves no result for a request it did not start). */
  failCreates = 0;
  private readonly byKey = new Map<string, { status: number; body: unknown }>();
  private server: Server | undefined;
  port = 0;

  constructor(private readonly webhookSecret: string = TEST_KEYS.STRIPE_WEBHOOK_SECRET) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The environment that points a stack's SDK here, with test keys. */
  env(): Record<string, string> {
    return { ...TEST_KEYS, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(this.port), STRIPE_API_PROTOCOL: 'http' };
  }

  /** How many intents were made under each idempotency key. */
  intentsPerKey(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const intent of this.intents.values()) {
      const key = intent.metadata.attemptId ?? '';
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  intentOf(attemptId: string): StandInIntent {
    const intent = [...this.intents.values()].find((i) => i.metadata.attemptId === attemptId);
    if (!intent) throw new Error(`no intent for attempt ${attemptId}`);
    return intent;
  }

  /** The shopper pays: the intent succeeds (Stripe would then send payment_intent.succeeded). */
  pay(intentId: string): StandInIntent {
    return this.set(intentId, { status: 'succeeded', amount_received: this.get(intentId).amount, last_payment_error: null });
  }

  /** The card is declined: back to requires_payment_method with the decline kept on the intent. */
  decline(intentId: string, message = 'Your card was declined.'): StandInIntent {
    return this.set(intentId, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message } });
  }

  process(intentId: string): StandInIntent {
    return this.set(intentId, { status: 'processing', last_payment_error: null });
  }

  /** A webhook event about an intent (its current state as data.object), signed as Stripe signs it; `timestamp` in seconds. */
  event(
    type: string,
    intentId: string,
    options: { id?: string; timestamp?: number; secret?: string } = {},
  ): { id: string; payload: string; signature: string } {
    const eventId = options.id ?? id('evt');
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: this.get(intentId) },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
    return { id: eventId, payload, signature };
  }

  private get(intentId: string): StandInIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    return intent;
  }

  private set(intentId: string, change: Partial<StandInIntent>): StandInIntent {
    const intent = { ...this.get(intentId), ...change };
    this.intents.set(intentId, intent);
    return intent;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = parseForm(Buffer.concat(chunks).toString('utf8'));
    const path = (req.url ?? '').split('?')[0];
    this.requests.push(`${req.method} ${path}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    const fail = (status: number, type: string, message: string, code?: string) =>
      send(status, { error: { type, message, ...(code ? { code } : {}) } });
    if (req.headers.authorization !== `Bearer ${TEST_KEYS.STRIPE_SECRET_KEY}`) return fail(401, 'invalid_request_error', 'Invalid API Key provided');
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    // Stripe's idempotency: a key seen before answers its first result (per endpoint; keys here never cross endpoints).
    const replay = req.method === 'POST' && key ? this.byKey.get(`${path} ${key}`) : undefined;
    const answer = (status: number, body: unknown) => {
      if (req.method === 'POST' && key) this.byKey.set(`${path} ${key}`, { status, body });
      send(status, body);
    };

    let match: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      if (replay) {
        this.createRequests.push({ idempotencyKey: key, answered: replay.status });
        return send(replay.status, replay.body);
      }
      if (this.failCreates > 0) {
        this.failCreates--;
        this.createRequests.push({ idempotencyKey: key, answered: 500 });
        return fail(500, 'api_error', 'An unknown error occurred');
      }
      const intentId = id('pi');
      const intent: StandInIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_received: 0,
        currency: typeof form.currency === 'string' ? form.currency : 'usd',
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        last_payment_error: null,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        description: typeof form.description === 'string' ? form.description : null,
        receipt_email: typeof form.receipt_email === 'string' ? form.receipt_email : null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        cancellation_reason: null,
      };
      this.intents.set(intentId, intent);
      this.createRequests.push({ idempotencyKey: key, answered: 200 });
      return answer(200, intent);
    }
    if (req.method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = this.intents.get(match[1]);
      return intent ? send(200, intent) : fail(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing');
    }
    if (req.method === 'POST' && (match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) {
      if (replay) return send(replay.status, replay.body);
      const intent = this.intents.get(match[1]);
      if (!intent) return fail(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing');
      if (intent.status === 'succeeded' || intent.status === 'processing') {
        return fail(
          400,
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      return answer(
        200,
        this.set(intent.id, {
          status: 'canceled',
          cancellation_reason: typeof form.cancellation_reason === 'string' ? form.cancellation_reason : null,
        }),
      );
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      if (replay) return send(replay.status, replay.body);
      const intent = typeof form.payment_intent === 'string' ? this.intents.get(form.payment_intent) : undefined;
      if (!intent || intent.status !== 'succeeded')
        return fail(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund.', 'charge_not_refundable');
      const refunded = this.refunds.filter((r) => r.payment_intent === intent.id).reduce((n, r) => n + r.amount, 0);
      const amount = form.amount === undefined ? intent.amount_received - refunded : Number(form.amount);
      if (amount > intent.amount_received - refunded)
        return answer(400, {
          error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'Refund amount is greater than unrefunded amount on charge' },
        });
      const refund: StandInRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        payment_intent: intent.id,
        status: 'succeeded',
        idempotencyKey: key,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      };
      this.refunds.push(refund);
      const { idempotencyKey: _key, ...body } = refund;
      return answer(200, body);
    }
    return fail(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`);
  }
}
