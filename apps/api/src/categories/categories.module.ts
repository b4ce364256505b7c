import { Module } from '@nestjs/common';
import { CategoriesDataModule, ProductsDataModule } from '@shop/database';
import { CategoriesCompatController } from '../compat/categories-compat.controller';
import { ProductsModule } from '../products/products.module';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';

/** The compat controller comes first: its literal path (/category/categories) must win over /category/:id. */
@Module({
  imports: [CategoriesDataModule, ProductsDataModule, ProductsModule],
  controllers: [CategoriesCompatController, CategoriesController],
  providers: [CategoriesService],
})
export class CategoriesModule {}
