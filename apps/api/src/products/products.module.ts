import { Module } from '@nestjs/common';
import { ProductsDataModule, CategoriesDataModule, ReviewsDataModule, UsersDataModule, StockDataModule } from '@shop/database';
import { ProductsCompatController } from '../compat/products-compat.controller';
import { SearchModule } from '../search/search.module';
import { UploadsModule } from '../uploads/uploads.module';
import { ProductCsvController } from './csv/product-csv.controller';
import { ProductCsvService } from './csv/product-csv.service';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { StockController } from './stock/stock.controller';
import { StockService } from './stock/stock.service';

/** The compat controller comes first: its literal paths (/products/allProducts) must win over /products/:id. */
@Module({
  imports: [ProductsDataModule, CategoriesDataModule, ReviewsDataModule, UsersDataModule, StockDataModule, UploadsModule, SearchModule],
  controllers: [ProductsCompatController, ProductCsvController, StockController, ProductsController],
  providers: [ProductsService, ProductCsvService, StockService],
  exports: [ProductsService],
})
export class ProductsModule {}
