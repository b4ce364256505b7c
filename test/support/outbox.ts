import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded text and HTML parts. */
  text: string;
  html: string;
  /** Every http(s) link in the text part. */
  links: string[];
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(part: string): { type: string; body: string } {
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const raw = rest.join('\n\n');
  const type = /Content-Type:\s*([^;\s]+)/i.exec(head)?.[1] ?? '';
  const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
  const body =
    encoding === 'quoted-printable' ? decodeQuotedPrintable(raw) : encoding === 'base64' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  return { type, body };
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')));
}

/** Reads one .eml written by the outbox transport (a tiny parser, enough for the shop's mails). */
export async function readMail(dir: string, file: string): Promise<OutboxMail> {
  const eml = await readFile(join(dir, file), 'utf8');
  const header = eml.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(eml)?.[1];
  const parts = boundary ? eml.split(`--${boundary}`).slice(1, -1).map(decodePart) : [decodePart(eml)];
  const text = parts.find((p) => p.type === 'text/plain')?.body ?? '';
  const html = parts.find((p) => p.type === 'text/html')?.body ?? '';
  return {
    file,
    to: /^To: (.*)$/m.exec(header)?.[1]?.trim() ?? '',
    subject: decodeHeader(/^Subject: (.*)$/m.exec(header)?.[1]?.trim() ?? ''),
    text,
    html,
    links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
  };
}

/** Every mail in the outbox, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map((f) => readMail(dir, f)));
}
