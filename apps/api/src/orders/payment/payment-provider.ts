/** What a payment provider is asked to do when an order is placed. */
export interface PaymentRequest {
  orderId: string;
  customerId: string;
  amountCents: number;
  currency: 'USD';
}

/**
 * The provider's answer: 'pending' leaves the order pending (paid later, e.g. on delivery), 'paid'
 * moves it to paid at once (a card captured). A failed payment throws a DomainError.
 */
export interface PaymentResult {
  status: 'pending' | 'paid';
  reference?: string;
}

/**
 * One way to pay. Orders only know this interface: a card provider is a new class registered in
 * OrdersModule's PAYMENT_PROVIDERS list and its method added to PAYMENT_METHODS.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  start(request: PaymentRequest): Promise<PaymentResult>;
}

/** The payment methods a customer may choose. */
export const PAYMENT_METHODS = ['cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_PROVIDERS = Symbol('PAYMENT_PROVIDERS');
