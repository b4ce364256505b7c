import type { OrderMailItem } from '@shop/jobs';
import { escapeHtml } from './escape-html';
import { formatCents } from './money';

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

/** A labelled value of a mail (a carrier, a refund's amount, a total), with a link when it has one. */
export interface MailFact {
  label: string;
  value: string;
  link?: { label: string; url: string };
}

/** A line of an order in a mail; the prices are absent in the bare mails of jobs queued before the receipts. */
export type MailLine = OrderMailItem & { unitPriceCents?: number; lineTotalCents?: number };

export interface Body {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Labelled values shown after the paragraphs (carrier and tracking, refund amount and reason). */
  facts?: MailFact[];
  /** An order's lines, each with the picture of the chosen colour (and its prices when known). */
  items?: MailLine[];
  /** The totals block under the lines, the last row (the total) in bold. */
  totals?: MailFact[];
  /** Titled blocks of lines after the totals: the shipping address, the payment. */
  blocks?: { title: string; lines: string[] }[];
  action?: { label: string; url: string };
  footnote?: string;
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

/** "× 2 · $59.99 each" (without the price in a job queued before prices). */
function quantityText(item: MailLine): string {
  return item.unitPriceCents === undefined ? `× ${item.quantity}` : `× ${item.quantity} · ${formatCents(item.unitPriceCents)} each`;
}

const CELL = 'padding:6px 0';
const MUTED = 'font-size:13px;color:#6b7280';

function itemsHtml(ctx: MailContext, items: MailLine[]): string {
  const rows = items.map((item) => {
    const src = absoluteImage(ctx, item.image);
    const picture = src
      ? `<img src="${escapeHtml(src)}" alt="${escapeHtml([item.name, variantText(item)].filter(Boolean).join(', '))}" width="64" height="64" style="display:block;border-radius:6px;object-fit:cover">`
      : '';
    const variant = variantText(item);
    const total =
      item.lineTotalCents === undefined
        ? ''
        : `<td style="${CELL};padding-left:12px;text-align:right;white-space:nowrap">${escapeHtml(formatCents(item.lineTotalCents))}</td>`;
    return `<tr><td style="padding:6px 12px 6px 0;width:64px">${picture}</td><td style="${CELL}">${escapeHtml(item.name)}${variant ? `<br><span style="${MUTED}">${escapeHtml(variant)}</span>` : ''}</td><td style="${CELL};text-align:right;white-space:nowrap">${escapeHtml(quantityText(item))}</td>${total}</tr>`;
  });
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">${rows.join('')}</table>`;
}

function itemsText(items: MailLine[]): string[] {
  return items.map((item) => {
    const variant = variantText(item);
    const price =
      item.unitPriceCents === undefined || item.lineTotalCents === undefined
        ? ''
        : ` at ${formatCents(item.unitPriceCents)} = ${formatCents(item.lineTotalCents)}`;
    return `${item.quantity} × ${item.name}${variant ? ` (${variant})` : ''}${price}`;
  });
}

function factValueHtml(fact: MailFact): string {
  const link = fact.link ? ` · <a href="${escapeHtml(fact.link.url)}" style="color:#2563eb">${escapeHtml(fact.link.label)}</a>` : '';
  return `${escapeHtml(fact.value)}${link}`;
}

function factsHtml(facts: MailFact[], bold = false): string {
  const rows = facts.map((fact, i) => {
    const weight = bold && i === facts.length - 1 ? 'font-weight:bold;' : '';
    return `<tr><td style="${CELL};${weight}">${escapeHtml(fact.label)}</td><td style="${CELL};${weight}text-align:right">${factValueHtml(fact)}</td></tr>`;
  });
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">${rows.join('')}</table>`;
}

function factsText(facts: MailFact[]): string[] {
  return facts.flatMap((fact) => [`${fact.label}: ${fact.value}`, ...(fact.link ? [`${fact.link.label}: ${fact.link.url}`] : [])]);
}

function blocksHtml(blocks: NonNullable<Body['blocks']>): string {
  return blocks
    .map((block) => `<p style="line-height:1.5"><strong>${escapeHtml(block.title)}</strong><br>${block.lines.map(escapeHtml).join('<br>')}</p>`)
    .join('\n');
}

export function layout(ctx: MailContext, to: string, body: Body): RenderedMail {
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
${body.facts?.length ? factsHtml(body.facts) : ''}
${body.items?.length ? itemsHtml(ctx, body.items) : ''}
${body.totals?.length ? factsHtml(body.totals, true) : ''}
${body.blocks?.length ? blocksHtml(body.blocks) : ''}
${button}
${body.footnote ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(body.footnote)}</p>` : ''}
<p style="font-size:12px;color:#6b7280;margin-top:32px">${escapeHtml(ctx.shopName)} · ${escapeHtml(ctx.publicUrl)}</p>
</div></body></html>
`;
  const section = (lines: string[]) => (lines.length ? [...lines, ''] : []);
  const text = [
    body.heading,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...section(factsText(body.facts ?? [])),
    ...section(itemsText(body.items ?? [])),
    ...section(factsText(body.totals ?? [])),
    ...(body.blocks ?? []).flatMap((block) => [`${block.title}:`, ...block.lines, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.footnote ? [body.footnote, ''] : []),
    `${ctx.shopName} · ${ctx.publicUrl}`,
    '',
  ].join('\n');
  return { to, subject: body.subject, html, text };
}

/** An order in a mail: "#7DF4FF87", its number as the shop shows it everywhere (the whole id in a mail queued before numbers). */
export function orderName(p: { orderId: string; orderNumber?: string }): string {
  return p.orderNumber ? `#${p.orderNumber}` : p.orderId;
}

/** The storefront page of the order itself. */
export function orderUrl(ctx: MailContext, orderId: string): string {
  return `${ctx.publicUrl}/order/${encodeURIComponent(orderId)}`;
}
