import { Injectable } from '@nestjs/common';
import type { PaymentProvider, PaymentRequest, PaymentResult } from './payment-provider';

/** Pay on delivery: nothing to charge now; an admin marks the order paid when the money arrives. */
@Injectable()
export class CashOnDeliveryProvider implements PaymentProvider {
  readonly method = 'cod' as const;

  start(_request: PaymentRequest): Promise<PaymentResult> {
    return Promise.resolve({ status: 'pending' });
  }
}
