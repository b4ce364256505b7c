/** The payment methods a customer may choose: cash on delivery, or a card (offered only when configured). */
export const PAYMENT_METHODS = ['cod', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment attempt asked of a provider: one per intent, its id the provider's idempotency key. */
export interface PaymentAttemptRequest {
  orderId: string;
  /** The number people see (orderNumberOf), for the provider's dashboard and statement. */
  orderNumber: string;
  attemptId: string;
  amountCents: number;
  currency: 'usd';
  customerEmail?: string;
}

/** Where a payment stands at the provider. */
export type ProviderPaymentStatus = 'pending' | 'requires_action' | 'processing' | 'authorized' | 'succeeded' | 'failed' | 'cancelled';

export interface ProviderPayment {
  /** The provider's id of the payment (a Stripe PaymentIntent id); none for cash. */
  reference?: string;
  status: ProviderPaymentStatus;
  amountCents: number;
  /** What the browser needs to confirm the payment itself (Stripe's client secret). */
  clientSecret?: string;
  /** The provider's message for a refused payment (a declined card). */
  failure?: string;
  /** The attempt the payment was made for (the metadata the provider keeps), when known. */
  attemptId?: string;
}

export interface ProviderRefundRequest {
  /** The payment refunded (none for cash). */
  paymentReference?: string;
  /** The refund's id: the provider's idempotency key, so a retry refunds once. */
  refundId: string;
  amountCents: number;
  reason: string;
}

/**
 * One way to pay. Orders know only this interface; each provider is registered in OrdersModule's
 * PAYMENT_PROVIDERS list. Cash on delivery records what happens at the door; a card provider talks to its API.
 * A provider that cannot do an operation (cash has nothing to capture) throws the API's DomainError; a provider
 * whose API fails or refuses throws a PaymentProviderError (the API answers 502 PAYMENT_PROVIDER_ERROR).
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** Whether checkout may offer it (a card needs its keys). */
  available(): boolean;
  createAttempt(request: PaymentAttemptRequest): Promise<ProviderPayment>;
  retrieve(reference: string): Promise<ProviderPayment>;
  capture(reference: string, amountCents: number): Promise<ProviderPayment>;
  cancel(reference: string): Promise<ProviderPayment>;
  refund(request: ProviderRefundRequest): Promise<{ reference?: string }>;
}

export const PAYMENT_PROVIDERS = Symbol('PAYMENT_PROVIDERS');
