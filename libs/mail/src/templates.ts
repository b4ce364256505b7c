import type { JobPayloads, MailJobName, OrderMailItem } from '@shop/jobs';
import { escapeHtml } from './escape-html';

export interface RenderedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** What a template may use besides its payload. Links are always built from PUBLIC_URL. */
export interface MailContext {
  publicUrl: string;
  shopName: string;
}

interface Body {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
  /** An order's lines, each with the picture of the chosen colour. */
  items?: OrderMailItem[];
}

/** An order in a mail: "#7DF4FF87", its number as the shop shows it everywhere (the whole id in a mail queued before numbers). */
function orderName(p: { orderId: string; orderNumber?: string }): string {
  return p.orderNumber ? `#${p.orderNumber}` : p.orderId;
}

/** The storefront page of the order itself. */
function orderUrl(ctx: MailContext, orderId: string): string {
  return `${ctx.publicUrl}/order/${encodeURIComponent(orderId)}`;
}

/** An image of the shop as a mail can load it: our own /api/images/… made absolute with PUBLIC_URL; other http(s) URLs as they are. */
function absoluteImage(ctx: MailContext, image: string): string | undefined {
  if (image.startsWith('/')) return `${ctx.publicUrl}${image}`;
  return /^https?:\/\//i.test(image) ? image : undefined;
}

/** "Size 41 · Black": the chosen variant of a line, or nothing. */
function variantText(item: OrderMailItem): string {
  return [item.size ? `Size ${item.size}` : '', item.colour ?? ''].filter(Boolean).join(' · ');
}

function itemsHtml(ctx: MailContext, items: OrderMailItem[]): string {
  const rows = items.map((item) => {
    const src = absoluteImage(ctx, item.image);
    const picture = src ? `<img src="${escapeHtml(src)}" alt="${escapeHtml([item.name, variantText(item)].filter(Boolean).join(', '))}" width="64" height="64" style="display:block;border-radius:6px;object-fit:cover">` : '';
    const variant = variantText(item);
    return `<tr><td style="padding:6px 12px 6px 0;width:64px">${picture}</td><td style="padding:6px 0">${escapeHtml(item.name)}${variant ? `<br><span style="font-size:13px;color:#6b7280">${escapeHtml(variant)}</span>` : ''}</td><td style="padding:6px 0;text-align:right;white-space:nowrap">× ${item.quantity}</td></tr>`;
  });
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">${rows.join('')}</table>`;
}

function itemsText(items: OrderMailItem[]): string[] {
  return items.map((item) => {
    const variant = variantText(item);
    return `${item.quantity} × ${item.name}${variant ? ` (${variant})` : ''}`;
  });
}

function layout(ctx: MailContext, to: string, body: Body): RenderedMail {
  const button = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#111827;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(body.action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">If the button does not work, copy this link into your browser:<br>${escapeHtml(body.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(body.heading)}</h1>
${body.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${body.items?.length ? itemsHtml(ctx, body.items) : ''}
${button}
${body.footnote ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(body.footnote)}</p>` : ''}
<p style="font-size:12px;color:#6b7280;margin-top:32px">${escapeHtml(ctx.shopName)} · ${escapeHtml(ctx.publicUrl)}</p>
</div></body></html>
`;
  const text = [
    body.heading,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.items?.length ? [...itemsText(body.items), ''] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.footnote ? [body.footnote, ''] : []),
    `${ctx.shopName} · ${ctx.publicUrl}`,
    '',
  ].join('\n');
  return { to, subject: body.subject, html, text };
}

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
