import { Module } from '@nestjs/common';
import { OrdersDataModule, PaymentsDataModule } from '@shop/database';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { OrderRecoveryModule } from '@shop/orders';
import { PaymentAttemptsService } from './payment-attempts.service';
import { PaymentReconciler } from './payment-reconciler.service';
import { createStripeClient, STRIPE_CLIENT } from './stripe-client';
import { StripePaymentProvider } from './stripe-payment.provider';

const services = [StripePaymentProvider, PaymentAttemptsService, PaymentReconciler];

/**
 * Card payments through Stripe, for the API (the provider, attempts) and the worker (the webhook job, the
 * reconciler). Imports the data modules it reads; needs the JobsModule (global) and APP_CONFIG from the importing app.
 */
@Module({
  imports: [OrdersDataModule, PaymentsDataModule, OrderRecoveryModule],
  providers: [{ provide: STRIPE_CLIENT, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createStripeClient(config.stripe) }, ...services],
  exports: [STRIPE_CLIENT, ...services],
})
export class CardPaymentsModule {}
