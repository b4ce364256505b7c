import { Injectable, Logger } from '@nestjs/common';
import { OrdersRepository, PaymentsRepository, type OrderDocument } from '@shop/database';
import { OrderTransitionsService } from '@shop/orders';
import { PaymentAttemptsService } from './payment-attempts.service';
import { PaymentProviderError } from './payment-provider.error';
import { StripePaymentProvider } from './stripe-payment.provider';

/** An attempt still open this long is looked up at Stripe (a lost webhook, a shopper who paid and closed the tab). */
export const ATTEMPT_RESOLVE_AFTER_MS = 15 * 60_000;
/** What the customer is told when an order's payment hold runs out. */
export const PAYMENT_EXPIRED_REASON = 'Payment not completed in time';
const BATCH = 50;

/**
 * The card payments' safety net, run by the worker as the scheduled sweep.payments job (once per interval across
 * all replicas): resolves attempts still open after 15 minutes from Stripe's own state, and cancels the orders
 * whose payment hold (paymentDueBy) ran out unpaid, after cancelling their intents at Stripe so nobody can pay
 * them later; their stock goes back and the customer is told.
 */
@Injectable()
export class PaymentReconciler {
  private readonly logger = new Logger(PaymentReconciler.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly orders: OrdersRepository,
    private readonly attempts: PaymentAttemptsService,
    private readonly transitions: OrderTransitionsService,
    private readonly stripe: StripePaymentProvider,
  ) {}

  async sweep(now = new Date()): Promise<{ resolved: number; expired: number }> {
    if (!this.stripe.available()) return { resolved: 0, expired: 0 };
    let resolved = 0;
    for (const attempt of await this.payments.openBefore(new Date(now.getTime() - ATTEMPT_RESOLVE_AFTER_MS), BATCH)) {
      try {
        if (await this.attempts.sync(attempt)) resolved++;
      } catch (error) {
        this.logger.warn(`payment attempt ${attempt.id} could not be resolved: ${(error as Error).message}`);
      }
    }
    let expired = 0;
    for (const order of await this.orders.overdueAwaitingPayment(now, BATCH)) {
      try {
        if (await this.expire(order)) expired++;
      } catch (error) {
        this.logger.warn(`order ${order.id} awaiting payment could not be expired: ${(error as Error).message}`);
      }
    }
    return { resolved, expired };
  }

  /**
   * An order whose hold ran out: every intent it has at Stripe is looked up first (one may have been paid after
   * all: then the order is paid, not cancelled) and cancelled; then the order is cancelled with its stock back.
   * False when it was left alone (a payment still processing, or the order changed meanwhile).
   */
  private async expire(order: OrderDocument): Promise<boolean> {
    try {
      if ((await this.attempts.releaseIntents(order._id)) !== 'released') return false;
    } catch (error) {
      // Stripe away, or paid in the moment between the look-up and the cancel: the next run looks again.
      if (error instanceof PaymentProviderError) this.logger.warn(`${error.message} (order ${order.id})`);
      return false;
    }
    const fresh = await this.orders.findById(order._id);
    if (!fresh || fresh.state !== 'awaiting_payment') return false;
    const at = new Date();
    const result = await this.transitions.apply(fresh, {
      order: 'cancelled',
      set: { cancelledAt: at, cancelReason: PAYMENT_EXPIRED_REASON },
      event: 'cancel',
      reason: PAYMENT_EXPIRED_REASON,
      mails: ['cancelled'],
      restock: true,
      at,
    });
    return result.ok;
  }
}
