import { ApiProperty } from '@nestjs/swagger';
import { PAYMENT_METHODS, type PaymentMethod } from '@shop/payments';

export class PaymentMethodsDto {
  @ApiProperty({
    enum: PAYMENT_METHODS,
    isArray: true,
    example: ['cod', 'card'],
    description: 'What checkout may offer now: cod always; card only when the three Stripe keys are configured',
  })
  methods!: PaymentMethod[];

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'pk_test_51Habc',
    description: "Stripe's publishable key for Stripe.js (null when card payments are not configured)",
  })
  stripePublishableKey!: string | null;
}

export class PaymentAttemptDto {
  @ApiProperty({ example: '665f1c2e9b1d4c3a2e1f0a9b', description: "The attempt's id (also the idempotency key of its Stripe PaymentIntent)" })
  attemptId!: string;

  @ApiProperty({ example: 'pi_3Nabc_secret_xyz', description: "The PaymentIntent's client secret, for Stripe's Payment Element in the browser" })
  clientSecret!: string;

  @ApiProperty({ example: 'pk_test_51Habc' })
  publishableKey!: string;

  @ApiProperty({ example: 59.99, description: 'The amount of the attempt in dollars (the order total)' })
  amount!: number;
}

export class WebhookReceivedDto {
  @ApiProperty({ example: true }) received!: boolean;
  @ApiProperty({ example: false, description: 'The event id was received before (a repeated delivery): it has no second effect' })
  duplicate!: boolean;
}
