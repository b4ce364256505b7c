import { Module } from '@nestjs/common';
import { MediaModule } from '@shop/media';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

@Module({ imports: [MediaModule], controllers: [UploadsController], providers: [UploadsService], exports: [UploadsService] })
export class UploadsModule {}
