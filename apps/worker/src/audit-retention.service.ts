import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { AuditLogRepository } from '@shop/database';

const DAY_MS = 24 * 3600 * 1000;
/** Entries deleted per run at most: a first run on a long-kept log spreads over a few intervals. */
export const AUDIT_SWEEP_BATCH = 5000;

/**
 * The audit log's retention: the `sweep.audit-log` job deletes entries older than AUDIT_RETENTION_DAYS (365
 * by default; 0 keeps them for ever), once per SWEEP_EVERY_MS across all worker replicas.
 */
@Injectable()
export class AuditRetentionService {
  private readonly logger = new Logger(AuditRetentionService.name);

  constructor(
    private readonly audit: AuditLogRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'auditRetentionDays'>,
  ) {}

  /** Deletes one batch of expired entries; how many went. */
  async sweep(now: Date = new Date()): Promise<number> {
    if (this.config.auditRetentionDays === 0) return 0;
    const cutoff = new Date(now.getTime() - this.config.auditRetentionDays * DAY_MS);
    const deleted = await this.audit.deleteBefore(cutoff, AUDIT_SWEEP_BATCH);
    if (deleted > 0)
      this.logger.log(
        `deleted ${deleted} audit entries from before ${cutoff.toISOString()} (AUDIT_RETENTION_DAYS=${this.config.auditRetentionDays})`,
      );
    return deleted;
  }
}
