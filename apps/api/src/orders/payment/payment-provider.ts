/** The provider interface lives in libs/payments (the worker's payment jobs use it too); re-exported for the API's imports. */
export { PAYMENT_METHODS, PAYMENT_PROVIDERS } from '@shop/payments';
export type {
  PaymentAttemptRequest,
  PaymentMethod,
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefundRequest,
} from '@shop/payments';
