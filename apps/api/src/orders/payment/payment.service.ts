import { Inject, Injectable } from '@nestjs/common';
import { badRequest } from '../../common/domain-error';
import { PAYMENT_PROVIDERS, type PaymentProvider, type PaymentRequest, type PaymentResult } from './payment-provider';

/** Chooses the provider of a payment method. */
@Injectable()
export class PaymentService {
  constructor(@Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProvider[]) {}

  start(method: string, request: PaymentRequest): Promise<PaymentResult> {
    const provider = this.providers.find((p) => p.method === method);
    if (!provider) throw badRequest('PAYMENT_METHOD_UNSUPPORTED', `Payment method ${method} is not available`);
    return provider.start(request);
  }
}
