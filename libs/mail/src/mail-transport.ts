import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { RenderedMail } from './templates';

export interface MailTransport {
  /** Sends one mail. messageId is stable per job, so a retried job does not deliver twice. */
  send(mail: RenderedMail, messageId: string): Promise<void>;
  close(): void;
}

function header(mail: RenderedMail, from: string, messageId: string) {
  return { from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, messageId: `<${messageId}@threadline.shop>` };
}

/** Real delivery over SMTP (SMTP_URL). */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = createTransport(smtpUrl);
  }

  async send(mail: RenderedMail, messageId: string): Promise<void> {
    await this.transporter.sendMail(header(mail, this.from, messageId));
  }

  close(): void {
    this.transporter.close();
  }
}

/** Development and tests: each mail becomes DIR/<messageId>.eml, written atomically (same id, same file). */
export class OutboxTransport implements MailTransport {
  private readonly builder: Transporter;

  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {
    this.builder = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: RenderedMail, messageId: string): Promise<void> {
    const info = (await this.builder.sendMail(header(mail, this.from, messageId))) as { message: Buffer };
    await mkdir(this.dir, { recursive: true });
    const safe = messageId.replace(/[^A-Za-z0-9._-]/g, '_');
    const tmp = join(this.dir, `.${safe}.tmp`);
    await writeFile(tmp, info.message);
    await rename(tmp, join(this.dir, `${safe}.eml`));
  }

  close(): void {
    this.builder.close();
  }
}
