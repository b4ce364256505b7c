import { Module } from '@nestjs/common';
import { MediaStorage } from './media-storage';
import { ThumbnailService } from './thumbnail.service';

@Module({ providers: [MediaStorage, ThumbnailService], exports: [MediaStorage, ThumbnailService] })
export class MediaModule {}
