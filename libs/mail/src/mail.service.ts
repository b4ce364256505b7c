import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import type { JobPayloads, MailJobName } from '@shop/jobs';
import { MailTransport, OutboxTransport, SmtpTransport } from './mail-transport';
import { renderMail, type RenderedMail } from './templates';

/** Renders a mail job's template and hands it to SMTP or to the file outbox. */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly transport: MailTransport;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : new OutboxTransport(config.outboxDir, config.mailFrom);
  }

  render<N extends MailJobName>(name: N, payload: JobPayloads[N]): RenderedMail {
    return renderMail(name, payload, { publicUrl: this.config.publicUrl, shopName: 'Threadline' });
  }

  async send<N extends MailJobName>(name: N, payload: JobPayloads[N], messageId: string): Promise<void> {
    await this.transport.send(this.render(name, payload), messageId);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
