import { Inject, Injectable } from '@nestjs/common';
import { badRequest } from '../../common/domain-error';
import { PAYMENT_PROVIDERS, type PaymentMethod, type PaymentProvider } from './payment-provider';

/** Chooses the provider of a payment method. */
@Injectable()
export class PaymentService {
  constructor(@Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProvider[]) {}

  /** The methods checkout may offer now. */
  methods(): PaymentMethod[] {
    return this.providers.filter((p) => p.available()).map((p) => p.method);
  }

  /** The provider of a method, refused when it is unknown or not configured. */
  provider(method: string): PaymentProvider {
    const provider = this.providers.find((p) => p.method === method && p.available());
    if (!provider) throw badRequest('PAYMENT_METHOD_UNSUPPORTED', `Payment method ${method} is not available`);
    return provider;
  }
}
