import { Module } from '@nestjs/common';
import { NewsletterDataModule } from '@shop/database';
import { NewsletterController } from './newsletter.controller';
import { NewsletterService } from './newsletter.service';

@Module({ imports: [NewsletterDataModule], controllers: [NewsletterController], providers: [NewsletterService] })
export class NewsletterModule {}
