import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { OrdersRepository, PaymentsRepository } from '@shop/database';
import { JobsService } from '@shop/jobs';
import { statesOf } from '@shop/orders';
import { intentIdOfEvent, PaymentAttemptsService, PaymentProviderError, STRIPE_CLIENT } from '@shop/payments';
import type { AuthUser } from '../auth/auth-user';
import { badRequest, conflict, DomainError, notFound } from '../common/domain-error';
import { toDollars } from '../common/money';
import { parseObjectIdOr404 } from '../common/object-id';
import { PaymentService } from '../orders/payment/payment.service';
import type { PaymentAttemptDto, PaymentMethodsDto, WebhookReceivedDto } from './dto/payment.dto';

/** The checkout's payment methods, a card order's payment attempts, and Stripe's webhook. */
@Injectable()
export class PaymentsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    private readonly payments: PaymentService,
    private readonly attempts: PaymentAttemptsService,
    private readonly orders: OrdersRepository,
    private readonly records: PaymentsRepository,
    private readonly jobs: JobsService,
  ) {}

  methods(): PaymentMethodsDto {
    return { methods: this.payments.methods(), stripePublishableKey: this.config.stripe?.publishableKey ?? null };
  }

  /**
   * The owner pays a card order awaiting payment: the attempt to pay (the current one while payable, else a new
   * one) and the client secret of its PaymentIntent. Stripe failing answers 502 and leaves the order payable; a
   * retry asks again with the same attempt, hence the same idempotency key.
   */
  async startAttempt(caller: AuthUser, id: string): Promise<PaymentAttemptDto> {
    const order = await this.orders.findById(parseObjectIdOr404(id, 'ORDER_NOT_FOUND', 'Order not found'));
    if (!order || !order.user?.equals(caller.objectId)) throw notFound('ORDER_NOT_FOUND', 'Order not found');
    const states = statesOf(order);
    if (order.paymentMethod !== 'card') throw conflict('ORDER_NOT_PAYABLE', 'Only a card order is paid online');
    if (states.paymentState === 'paid' || states.paymentState === 'authorized' || states.state === 'placed' || states.state === 'completed')
      throw conflict('ORDER_ALREADY_PAID', 'This order is already paid');
    if (states.state !== 'awaiting_payment') throw conflict('ORDER_NOT_PAYABLE', `A ${states.state} order cannot be paid`);
    const stripeConfig = this.config.stripe;
    if (!stripeConfig || !this.payments.methods().includes('card')) throw badRequest('PAYMENT_METHOD_UNSUPPORTED', 'Card payments are not available');
    let result;
    try {
      result = await this.attempts.start(order, caller.email);
    } catch (error) {
      if (error instanceof PaymentProviderError)
        throw new DomainError(502, 'PAYMENT_PROVIDER_ERROR', `${error.message}. Your order is kept; please try again in a moment.`);
      throw error;
    }
    if (!result.ok) {
      if (result.reason === 'ALREADY_PAID') throw conflict('ORDER_ALREADY_PAID', 'This order is already paid');
      throw conflict('ORDER_CHANGED', 'The order was changed meanwhile; reload it and try again');
    }
    return {
      attemptId: result.attempt.attemptId,
      clientSecret: result.attempt.clientSecret,
      publishableKey: stripeConfig.publishableKey,
      amount: toDollars(result.attempt.amountCents),
    };
  }

  /**
   * A webhook delivery: the signature over the raw bytes first (a bad or stale one changes nothing), then the event
   * recorded under its id (unique), then one job per event id. A repeated delivery finds the event recorded and
   * queues nothing once its job ran; until then the job's id collapses the repeat into the job already queued.
   */
  async webhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookReceivedDto> {
    const secret = this.config.stripe?.webhookSecret;
    if (!this.stripe || !secret) throw notFound('CARD_PAYMENTS_NOT_CONFIGURED', 'Card payments are not configured');
    let event: Stripe.Event;
    try {
      if (!rawBody || !signature) throw new Error('no body or no signature');
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw badRequest(
        'STRIPE_SIGNATURE_INVALID',
        'The Stripe-Signature header does not verify this body (wrong secret, altered body, or older than the tolerance)',
      );
    }
    const intentId = intentIdOfEvent(event);
    const recorded = await this.records.recordEvent({ id: event.id, type: event.type, ...(intentId ? { intentId } : {}) });
    if (!intentId) return { received: true, duplicate: !recorded };
    const processed = recorded ? false : Boolean((await this.records.findEvent(event.id))?.processedAt);
    if (!processed) await this.jobs.enqueue('payment.stripe-event', { eventId: event.id, intentId }, event.id);
    return { received: true, duplicate: !recorded };
  }
}
