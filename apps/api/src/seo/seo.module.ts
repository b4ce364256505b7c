import { Module } from '@nestjs/common';
import { BlogsDataModule, ProductsDataModule } from '@shop/database';
import { SeoController } from './seo.controller';
import { SeoService } from './seo.service';

/** Paths outside the /api prefix; app.setup.ts excludes them from it (SEO_PATHS). */
export const SEO_PATHS = ['robots.txt', 'sitemap.xml'];

@Module({ imports: [BlogsDataModule, ProductsDataModule], controllers: [SeoController], providers: [SeoService] })
export class SeoModule {}
