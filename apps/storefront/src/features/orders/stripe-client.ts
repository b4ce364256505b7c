/**
 * The storefront's only door to Stripe.js: what the order page needs of it, in three calls. Stripe.js itself is
 * loaded from js.stripe.com only when a shopper pays by card (`@stripe/stripe-js/pure` injects no script on import),
 * and the card details go from Stripe's Payment Element straight to Stripe: they never reach the shop's server.
 * The browser tests serve a small fake Stripe.js at that same address (test/browser/fake-stripe-js.ts), so this
 * module and the code that uses it run unchanged there.
 */
import type { Stripe, StripeElements } from '@stripe/stripe-js';

/** A mounted Payment Element of one PaymentIntent. */
export interface CardForm {
  /** Confirms the payment with what the shopper entered: Stripe's message when it is refused, else where it stands. */
  confirm(returnUrl: string): Promise<{ error: string } | { status: string }>;
  destroy(): void;
}

let stripePromise: Promise<Stripe | null> | undefined;
let loadedKey: string | undefined;

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (!stripePromise || loadedKey !== publishableKey) {
    loadedKey = publishableKey;
    stripePromise = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
  }
  return stripePromise;
}

/** Loads Stripe.js (once) and mounts the Payment Element of `clientSecret` into `container`. */
export async function mountCardForm(publishableKey: string, clientSecret: string, container: HTMLElement): Promise<CardForm> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) throw new Error('Stripe.js could not be loaded');
  const elements: StripeElements = stripe.elements({ clientSecret });
  const element = elements.create('payment');
  element.mount(container);
  return {
    async confirm(returnUrl) {
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
      if (result.error) return { error: result.error.message ?? 'The payment was not completed' };
      return { status: result.paymentIntent.status };
    },
    destroy() {
      element.destroy();
    },
  };
}
