import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';

@Module({ imports: [ProductsModule], controllers: [CategoriesController], providers: [CategoriesService] })
export class CategoriesModule {}
