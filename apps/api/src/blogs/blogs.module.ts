import { Module } from '@nestjs/common';
import { MediaModule } from '@shop/media';
import { BlogsController } from './blogs.controller';
import { BlogsService } from './blogs.service';

@Module({ imports: [MediaModule], controllers: [BlogsController], providers: [BlogsService], exports: [BlogsService] })
export class BlogsModule {}
