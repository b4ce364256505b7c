import { Module } from '@nestjs/common';
import { CommentRateLimit } from './comment-rate-limit';
import { CommentsController } from './comments.controller';
import { CommentsService } from './comments.service';

@Module({ controllers: [CommentsController], providers: [CommentsService, CommentRateLimit] })
export class CommentsModule {}
