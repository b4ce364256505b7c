import { Module } from '@nestjs/common';
import { MediaModule } from '@shop/media';
import { ImagesController } from './images.controller';
import { ImagesService } from './images.service';

@Module({ imports: [MediaModule], controllers: [ImagesController], providers: [ImagesService], exports: [ImagesService] })
export class ImagesModule {}
