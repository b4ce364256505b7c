import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { PaymentAttemptRequest, PaymentProvider, ProviderPayment, ProviderPaymentStatus, ProviderRefundRequest } from './payment-provider';
import { PaymentProviderError } from './payment-provider.error';
import { STRIPE_CLIENT } from './stripe-client';

/** Where a PaymentIntent stands, in the provider-neutral words of ProviderPaymentStatus. */
export function statusOfIntent(intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>): ProviderPaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'requires_capture':
      return 'authorized';
    case 'canceled':
      return 'cancelled';
    case 'requires_payment_method':
      // Back to requires_payment_method after a decline, with the decline's error kept on the intent.
      return intent.last_payment_error ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

export function paymentOfIntent(intent: Stripe.PaymentIntent): ProviderPayment {
  const attemptId = intent.metadata?.attemptId;
  return {
    reference: intent.id,
    status: statusOfIntent(intent),
    amountCents: intent.amount_received > 0 ? intent.amount_received : intent.amount,
    ...(intent.client_secret ? { clientSecret: intent.client_secret } : {}),
    ...(intent.last_payment_error?.message ? { failure: intent.last_payment_error.message } : {}),
    ...(attemptId ? { attemptId } : {}),
  };
}

/** What a failed SDK call is, in a sentence that names no key and carries no stack. */
function providerError(action: string, error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeError) {
    const code = error.code ?? error.type;
    // A card error or an invalid request carries Stripe's message for people; a server error or a lost connection does not.
    const told = error.type === 'StripeCardError' || error.type === 'StripeInvalidRequestError' ? `: ${error.message}` : '';
    return new PaymentProviderError(`Stripe could not ${action}${told || ` (${error.statusCode ? `HTTP ${error.statusCode}` : code})`}`, code);
  }
  return new PaymentProviderError(`Stripe could not ${action} (${error instanceof Error ? error.name : 'unknown error'})`);
}

/**
 * Card payments through Stripe PaymentIntents (automatic capture, card and the wallets Stripe's Payment Element
 * offers). Each intent is created with the attempt's id as its idempotency key; a refund with the refund's id.
 * Available only when the three Stripe keys are configured.
 */
@Injectable()
export class StripePaymentProvider implements PaymentProvider {
  readonly method = 'card' as const;

  constructor(@Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null) {}

  available(): boolean {
    return this.stripe !== null;
  }

  private client(): Stripe {
    if (!this.stripe) throw new PaymentProviderError('Card payments are not configured');
    return this.stripe;
  }

  async createAttempt(request: PaymentAttemptRequest): Promise<ProviderPayment> {
    try {
      const intent = await this.client().paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          automatic_payment_methods: { enabled: true },
          description: `Order ${request.orderNumber}`,
          metadata: { orderId: request.orderId, orderNumber: request.orderNumber, attemptId: request.attemptId },
          ...(request.customerEmail ? { receipt_email: request.customerEmail } : {}),
        },
        { idempotencyKey: request.attemptId },
      );
      return paymentOfIntent(intent);
    } catch (error) {
      throw providerError('start the payment', error);
    }
  }

  async retrieve(reference: string): Promise<ProviderPayment> {
    try {
      return paymentOfIntent(await this.client().paymentIntents.retrieve(reference));
    } catch (error) {
      throw providerError('look up the payment', error);
    }
  }

  async capture(reference: string, amountCents: number): Promise<ProviderPayment> {
    try {
      return paymentOfIntent(
        await this.client().paymentIntents.capture(reference, { amount_to_capture: amountCents }, { idempotencyKey: `capture-${reference}` }),
      );
    } catch (error) {
      throw providerError('capture the payment', error);
    }
  }

  async cancel(reference: string): Promise<ProviderPayment> {
    try {
      return paymentOfIntent(
        await this.client().paymentIntents.cancel(reference, { cancellation_reason: 'abandoned' }, { idempotencyKey: `cancel-${reference}` }),
      );
    } catch (error) {
      throw providerError('cancel the payment', error);
    }
  }

  async refund(request: ProviderRefundRequest): Promise<{ reference?: string }> {
    if (!request.paymentReference) throw new PaymentProviderError('The order has no card payment to refund');
    try {
      const refund = await this.client().refunds.create(
        {
          payment_intent: request.paymentReference,
          amount: request.amountCents,
          metadata: { refundId: request.refundId, reason: request.reason.slice(0, 500) },
        },
        { idempotencyKey: request.refundId },
      );
      return { reference: refund.id };
    } catch (error) {
      throw providerError('refund the payment', error);
    }
  }
}
