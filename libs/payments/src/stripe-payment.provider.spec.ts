import type Stripe from 'stripe';
import { attemptStatusOf } from './payment-attempts.service';
import { intentIdOfEvent } from './stripe-client';
import { statusOfIntent } from './stripe-payment.provider';

const declined = { type: 'card_error', message: 'Your card was declined.' } as Stripe.PaymentIntent.LastPaymentError;

describe("a PaymentIntent's state in the shop's words", () => {
  it.each([
    ['requires_payment_method', null, 'pending', 'pending'],
    ['requires_payment_method', declined, 'failed', 'failed'],
    ['requires_confirmation', null, 'pending', 'pending'],
    ['requires_action', null, 'requires_action', 'pending'],
    ['processing', null, 'processing', 'pending'],
    ['requires_capture', null, 'authorized', 'succeeded'],
    ['succeeded', null, 'succeeded', 'succeeded'],
    ['canceled', null, 'cancelled', 'cancelled'],
  ] as const)('%s (decline kept: %j) is %s, its attempt %s', (status, error, provider, attempt) => {
    const mapped = statusOfIntent({ status, last_payment_error: error });
    expect(mapped).toBe(provider);
    expect(attemptStatusOf(mapped)).toBe(attempt);
  });

  it('finds the PaymentIntent an event is about: the intent itself, or the intent a charge or refund names', () => {
    const event = (object: Record<string, unknown>) => ({ data: { object } }) as unknown as Stripe.Event;
    expect(intentIdOfEvent(event({ object: 'payment_intent', id: 'pi_1' }))).toBe('pi_1');
    expect(intentIdOfEvent(event({ object: 'charge', id: 'ch_1', payment_intent: 'pi_2' }))).toBe('pi_2');
    expect(intentIdOfEvent(event({ object: 'refund', id: 're_1', payment_intent: { id: 'pi_3' } }))).toBe('pi_3');
    expect(intentIdOfEvent(event({ object: 'customer', id: 'cus_1' }))).toBeUndefined();
  });
});
