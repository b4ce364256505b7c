export * from './payment-provider';
export * from './payment-provider.error';
export * from './stripe-client';
export * from './stripe-payment.provider';
export * from './payment-attempts.service';
export * from './payment-reconciler.service';
export * from './card-payments.module';
