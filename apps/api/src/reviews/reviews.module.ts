import { Module } from '@nestjs/common';
import { ReviewsDataModule } from '@shop/database';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';

/** Review moderation across products (GET /api/reviews, PATCH|PUT /api/reviews/status). */
@Module({ imports: [ReviewsDataModule], controllers: [ReviewsController], providers: [ReviewsService] })
export class ReviewsModule {}
