import { Module } from '@nestjs/common';
import { SearchDataModule, ProductsDataModule, CategoriesDataModule } from '@shop/database';
import { SearchController } from './search.controller';
import { SearchIndexService } from './search-index.service';
import { SearchService } from './search.service';

/** The catalogue's search: the in-process index kept in step on every instance, GET /api/search and its settings. */
@Module({
  imports: [SearchDataModule, ProductsDataModule, CategoriesDataModule],
  controllers: [SearchController],
  providers: [SearchIndexService, SearchService],
  exports: [SearchService, SearchIndexService],
})
export class SearchModule {}
