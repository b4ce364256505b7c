import type { BrowserContext } from '@playwright/test';
import type { StripeStandIn } from '../support/stripe-stand-in';

/**
 * A small fake of Stripe.js for the browser tier, served at the address @stripe/stripe-js loads it from
 * (https://js.stripe.com/…), so the storefront's stripe-client.ts runs unchanged and nothing leaves the machine.
 * Its Payment Element is a plain "Card number" field; confirmPayment posts the number to https://api.stripe.com,
 * which this module answers from the test process: it moves the intent in the Stripe stand-in as Stripe would
 * (4000 0000 0000 9995 is declined, any other number pays) and delivers the signed webhook to the shop, as Stripe
 * does after a payment.
 */
const FAKE_STRIPE_JS = `(function () {
  function Stripe(key) {
    var mounted = null;
    return {
      _registerWrapper: function () {},
      elements: function (options) {
        var secret = options.clientSecret;
        return {
          create: function () {
            return {
              mount: function (where) {
                var target = typeof where === 'string' ? document.querySelector(where) : where;
                var label = document.createElement('label');
                label.textContent = 'Card number ';
                var input = document.createElement('input');
                input.setAttribute('aria-label', 'Card number');
                input.setAttribute('autocomplete', 'cc-number');
                label.appendChild(input);
                target.appendChild(label);
                mounted = { label: label, input: input, secret: secret };
              },
              destroy: function () { if (mounted) mounted.label.remove(); mounted = null; },
              unmount: function () {},
              on: function () {},
            };
          },
          submit: function () { return Promise.resolve({}); },
        };
      },
      confirmPayment: function () {
        var secret = mounted.secret;
        var card = mounted.input.value.replace(/\\s/g, '');
        return fetch('https://api.stripe.com/v1/payment_intents/' + secret.split('_secret_')[0] + '/confirm', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ client_secret: secret, card: card }),
        }).then(function (r) { return r.json(); });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

export const DECLINED_CARD = '4000 0000 0000 9995';
export const DECLINE_MESSAGE = 'Your card has insufficient funds.';

/** Serves the fake Stripe.js to every page of `context`, answering its confirmations through `stripe` and posting webhooks to `shopUrl`. */
export async function installFakeStripe(context: BrowserContext, stripe: StripeStandIn, shopUrl: string): Promise<void> {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const { client_secret: secret, card } = JSON.parse(route.request().postData() ?? '{}') as { client_secret: string; card: string };
    const intentId = secret.split('_secret_')[0];
    const declined = card === DECLINED_CARD.replace(/ /g, '');
    if (declined) stripe.decline(intentId, DECLINE_MESSAGE);
    else stripe.pay(intentId);
    const event = stripe.event(declined ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', intentId);
    const delivered = await fetch(`${shopUrl}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    if (delivered.status !== 200) throw new Error(`the shop refused the webhook: ${delivered.status}`);
    const answer = declined
      ? { error: { type: 'card_error', code: 'card_declined', message: DECLINE_MESSAGE } }
      : { paymentIntent: { id: intentId, status: 'succeeded' } };
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(answer),
    });
  });
}
