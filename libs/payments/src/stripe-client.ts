import Stripe from 'stripe';
import type { StripeConfig } from '@shop/config';

/** The Stripe SDK client of the configured keys (null when card payments are not configured). */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/**
 * The official SDK, pointed at api.stripe.com, or at STRIPE_API_HOST/PORT/PROTOCOL (the tests' stand-in). One
 * retry on a network error or a 5xx (the SDK sends the same idempotency key), 20 s per request, no telemetry.
 */
export function createStripeClient(config: StripeConfig | undefined): Stripe | null {
  if (!config) return null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'threadline-shop' },
    ...(config.apiHost ? { host: config.apiHost } : {}),
    ...(config.apiPort ? { port: config.apiPort } : {}),
    ...(config.apiProtocol ? { protocol: config.apiProtocol } : {}),
  });
}

/** The PaymentIntent a webhook event is about, or undefined (an event of another kind). */
export function intentIdOfEvent(event: Stripe.Event): string | undefined {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  if (object.object === 'payment_intent' && typeof object.id === 'string') return object.id;
  if (typeof object.payment_intent === 'string') return object.payment_intent;
  if (object.payment_intent && typeof object.payment_intent === 'object') return object.payment_intent.id;
  return undefined;
}
