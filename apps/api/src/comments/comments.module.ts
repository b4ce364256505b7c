import { Module } from '@nestjs/common';
import { BlogsDataModule, CommentsDataModule } from '@shop/database';
import { CommentRateLimit } from './comment-rate-limit';
import { CommentsController } from './comments.controller';
import { CommentsService } from './comments.service';

@Module({ imports: [BlogsDataModule, CommentsDataModule], controllers: [CommentsController], providers: [CommentsService, CommentRateLimit] })
export class CommentsModule {}
