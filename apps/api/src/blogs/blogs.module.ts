import { Module } from '@nestjs/common';
import { BlogsDataModule, CommentsDataModule } from '@shop/database';
import { MediaModule } from '@shop/media';
import { BlogsController } from './blogs.controller';
import { BlogsService } from './blogs.service';

@Module({
  imports: [BlogsDataModule, CommentsDataModule, MediaModule],
  controllers: [BlogsController],
  providers: [BlogsService],
  exports: [BlogsService],
})
export class BlogsModule {}
