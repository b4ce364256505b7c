import { Injectable } from '@nestjs/common';
import { conflict } from '../../common/domain-error';
import type { PaymentAttemptRequest, PaymentProvider, ProviderPayment, ProviderRefundRequest } from './payment-provider';

/**
 * Cash on delivery: nothing is charged when the order is placed. The courier collects the cash and an admin
 * records it (the payment becomes paid); a refund is money handed back, recorded as it is.
 */
@Injectable()
export class CashOnDeliveryProvider implements PaymentProvider {
  readonly method = 'cod' as const;

  available(): boolean {
    return true;
  }

  createAttempt(request: PaymentAttemptRequest): Promise<ProviderPayment> {
    return Promise.resolve({ status: 'pending', amountCents: request.amountCents });
  }

  retrieve(): Promise<ProviderPayment> {
    return Promise.reject(conflict('PAYMENT_METHOD_UNSUPPORTED', 'Cash on delivery has no payment to look up'));
  }

  capture(): Promise<ProviderPayment> {
    return Promise.reject(conflict('PAYMENT_METHOD_UNSUPPORTED', 'Cash on delivery is recorded when the cash is collected, not captured'));
  }

  cancel(): Promise<ProviderPayment> {
    return Promise.reject(conflict('PAYMENT_METHOD_UNSUPPORTED', 'Cash on delivery has no payment to cancel'));
  }

  refund(_request: ProviderRefundRequest): Promise<{ reference?: string }> {
    return Promise.resolve({});
  }
}
