/**
 * A payment provider's API failed (unreachable, a 5xx, a timeout) or refused a request. The message is safe to
 * show (no key, no stack); the API answers it as 502 PAYMENT_PROVIDER_ERROR, the worker's job retries.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** The provider's own error code or type, for the logs. */
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
