import { Module } from '@nestjs/common';
import { PagesController } from './pages.controller';
import { WebPages } from './web-pages';

/** The built web apps served by Nest (PagesController), and the error pages the exception filter sends. */
@Module({ controllers: [PagesController], providers: [WebPages], exports: [WebPages] })
export class WebModule {}
