import type { JobPayloads, MailJobName } from '@shop/jobs';
import { layout, orderName, orderUrl, type MailContext, type RenderedMail } from './mail-layout';
import { ORDER_TEMPLATES } from './order-templates';

export type { MailContext, RenderedMail } from './mail-layout';

type Templates = { [N in MailJobName]: (payload: JobPayloads[N], ctx: MailContext) => RenderedMail };

/** One template per mail job, each with an HTML and a plain-text part. */
export const MAIL_TEMPLATES: Templates = {
  'mail.welcome': (p, ctx) =>
    layout(ctx, p.to, {
      subject: `Welcome to ${ctx.shopName}`,
      heading: `Welcome, ${p.username}!`,
      paragraphs: ['Your account is ready. Browse the latest styles, save favourites and check out in a few clicks.'],
      action: { label: 'Start shopping', url: `${ctx.publicUrl}/shop` },
    }),
  'mail.password-reset': (p, ctx) =>
    layout(ctx, p.to, {
      subject: 'Reset your password',
      heading: `Hi ${p.username},`,
      paragraphs: ['Someone asked to reset the password of your account. The link works once and expires in 1 hour.'],
      action: { label: 'Choose a new password', url: `${ctx.publicUrl}/reset-password/${p.token}` },
      footnote: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    }),
  'mail.account-deletion': (p, ctx) =>
    layout(ctx, p.to, {
      subject: 'Confirm the deletion of your account',
      heading: `Hi ${p.username},`,
      paragraphs: [
        'You asked to delete your account. Your profile, cart and favourites will be removed; past orders are kept without your personal data.',
        'The link expires in 24 hours.',
      ],
      action: { label: 'Delete my account', url: `${ctx.publicUrl}/verify-deletion/${p.token}` },
      footnote: 'If you did not ask for this, ignore this mail and consider changing your password.',
    }),
  'mail.newsletter-welcome': (p, ctx) =>
    layout(ctx, p.to, {
      subject: 'Thank you for subscribing!',
      heading: 'You are on the list',
      paragraphs: ['You will hear from us about new arrivals, offers and stories from our contributors.'],
      action: { label: 'Unsubscribe', url: `${ctx.publicUrl}/api/newsletter/unsubscribe/${p.unsubscribeToken}` },
    }),
  'mail.contact-received': (p, ctx) =>
    layout(ctx, p.to, {
      subject: `We received your message: ${p.subject}`,
      heading: `Thanks, ${p.name}`,
      paragraphs: ['We received your message and will answer within two business days. Your message:', p.message],
    }),
  'mail.contact-admin': (p, ctx) =>
    layout(ctx, p.to, {
      subject: `Contact form: ${p.subject}`,
      heading: `New message from ${p.name}`,
      paragraphs: [`From: ${p.name} <${p.email}>`, `Subject: ${p.subject}`, p.message],
      action: { label: 'Open the messages', url: `${ctx.publicUrl}/admin#/contact` },
      footnote: `Reply to ${p.email} to answer. Message id: ${p.messageId}.`,
    }),
  'mail.contact-reply': (p, ctx) =>
    layout(ctx, p.to, {
      subject: `Re: ${p.subject}`,
      heading: `Hi ${p.name},`,
      paragraphs: [p.reply, 'You wrote:', p.original],
      footnote: `Reply to this mail or use the contact form at ${ctx.publicUrl}/contact to write to us again.`,
    }),
  // Legacy: the bare order mails of jobs queued before the receipts (nothing queues them any more).
  'mail.order-confirmation': (p, ctx) =>
    layout(ctx, p.to, {
      subject: `Order ${orderName(p)} confirmed`,
      heading: `Thank you for your order, ${p.username}!`,
      paragraphs: [`Your order ${orderName(p)} is confirmed. We will let you know when it ships.`],
      items: p.items,
      action: { label: 'View your order', url: orderUrl(ctx, p.orderId) },
    }),
  'mail.order-status': (p, ctx) =>
    layout(ctx, p.to, {
      subject: `Order ${orderName(p)} is ${p.status}`,
      heading: `Hi ${p.username},`,
      paragraphs: [`Your order ${orderName(p)} is now ${p.status}.`],
      items: p.items,
      action: { label: 'View your order', url: orderUrl(ctx, p.orderId) },
    }),
  ...ORDER_TEMPLATES,
  'mail.product-moderated': (p, ctx) =>
    layout(ctx, p.to, {
      subject: p.approved ? `"${p.productName}" is live` : `"${p.productName}" needs changes`,
      heading: `Hi ${p.username},`,
      paragraphs: p.approved
        ? [`Your product "${p.productName}" was approved and is now visible in the shop.`]
        : [`Your product "${p.productName}" was not approved.`, ...(p.note ? [`Reviewer's note: ${p.note}`] : [])],
      action: { label: 'Open the product', url: `${ctx.publicUrl}/product/${p.productId}` },
    }),
};

export function renderMail<N extends MailJobName>(name: N, payload: JobPayloads[N], ctx: MailContext): RenderedMail {
  const template = MAIL_TEMPLATES[name] as (payload: JobPayloads[N], ctx: MailContext) => RenderedMail;
  return template(payload, ctx);
}
