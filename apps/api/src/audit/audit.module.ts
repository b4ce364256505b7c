import { Module } from '@nestjs/common';
import { AuditDataModule } from '@shop/database';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditContextInterceptor } from './audit-context.interceptor';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';

/** The audit log: the context every admin write runs in (global interceptor) and the admins' read API. */
@Module({
  imports: [AuditDataModule],
  controllers: [AuditController],
  providers: [AuditService, { provide: APP_INTERCEPTOR, useClass: AuditContextInterceptor }],
})
export class AuditModule {}
