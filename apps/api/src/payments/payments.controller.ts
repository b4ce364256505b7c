import { Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { NoQuery } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { PaymentAttemptDto, PaymentMethodsDto, WebhookReceivedDto } from './dto/payment.dto';
import { PaymentsService } from './payments.service';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('payments/methods')
  @ApiOperation({
    summary: 'The payment methods checkout may offer',
    description:
      'cod always; card when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set, with the publishable key Stripe.js needs.',
  })
  @ApiOkResponse({ type: PaymentMethodsDto })
  methods(@NoQuery() _query: undefined): PaymentMethodsDto {
    return this.payments.methods();
  }

  @Post('orders/:id/payment')
  @Auth()
  @ApiOperation({
    summary: 'Pay a card order awaiting payment (its owner): the PaymentIntent client secret for Stripe.js',
    description:
      'Answers the current attempt while it can still be paid, or starts a new one (after a declined card or a cancelled intent), each with its own Stripe idempotency key. The card details go from the browser to Stripe only. 502 PAYMENT_PROVIDER_ERROR when Stripe fails: the order stays payable and a retry reuses the same attempt and key.',
  })
  @ApiCreatedResponse({ type: PaymentAttemptDto })
  @ApiErrors('ORDER_NOT_FOUND', 'ORDER_NOT_PAYABLE', 'ORDER_ALREADY_PAID', 'ORDER_CHANGED', 'PAYMENT_METHOD_UNSUPPORTED', 'PAYMENT_PROVIDER_ERROR')
  pay(@CurrentUser() user: AuthUser, @IdParam('id', 'ORDER_NOT_FOUND', 'Order not found') id: string): Promise<PaymentAttemptDto> {
    return this.payments.startAttempt(user, id);
  }

  @Post('payments/stripe/webhook')
  @HttpCode(200)
  @ApiOperation({
    summary: "Stripe's webhook (payment_intent.* events)",
    description:
      'The Stripe-Signature header is verified over the raw body first (400 STRIPE_SIGNATURE_INVALID for a wrong, altered or stale one, nothing changed); the event is recorded under its id and its work queued as one job per event id, so a repeated delivery has one effect. 404 when card payments are not configured.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiBody({ description: 'A Stripe Event object, as Stripe sends it', schema: { type: 'object', additionalProperties: true } })
  @ApiOkResponse({ type: WebhookReceivedDto })
  @ApiErrors('STRIPE_SIGNATURE_INVALID', 'CARD_PAYMENTS_NOT_CONFIGURED')
  webhook(@Req() req: FastifyRequest, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookReceivedDto> {
    return this.payments.webhook(req.rawBody, signature);
  }
}
