import { Controller, Get, Header, HttpCode, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/auth-user';
import { Auth, CurrentUser } from '../../auth/auth.decorators';
import { ApiAlsoConsumes } from '../../common/api-also-consumes';
import { ApiErrors } from '../../common/api-errors';
import { CsvUpload, uploadedCsv } from './csv-upload';
import { ProductExportQueryDto, ProductImportFileDto, ProductImportQueryDto, ProductImportResultDto } from '../dto/product-csv.dto';
import { ProductCsvService } from './product-csv.service';

@ApiTags('products')
@Controller('products')
export class ProductCsvController {
  constructor(private readonly csv: ProductCsvService) {}

  @Get('export.csv')
  @Auth('admin')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Every product matching the admin list’s search, filter and sort, as CSV (UTF-8, RFC 4180)',
    description:
      'Columns: id, name, description, price, compareAtPrice, category (its name), brand, countInStock, status, isSpecial, image, additionalImages (joined with |), ' +
      "specifications (a JSON object), variants (a JSON list), version (the product's revision when exported: an import tells from it which rows changed since). Cells a spreadsheet would run as a formula (starting with = + - @, a tab or a CR) and cells starting " +
      'with an apostrophe get a leading apostrophe, which POST /api/products/import removes. Re-importing the file unchanged leaves every product as it was. At most 10,000 products.',
  })
  @ApiOkResponse({ content: { 'text/csv': { schema: { type: 'string' } } }, description: 'text/csv; charset=utf-8, as an attachment' })
  @ApiErrors('INVALID_QUERY')
  async exportCsv(@Query() query: ProductExportQueryDto, @CurrentUser() user: AuthUser, @Res() res: FastifyReply): Promise<void> {
    const csv = await this.csv.exportCsv(query, user);
    const date = new Date().toISOString().slice(0, 10);
    res.status(200).type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="products-${date}.csv"`).send(csv);
  }

  @Post('import')
  @HttpCode(200)
  @Auth('admin')
  @UseInterceptors(CsvUpload)
  @ApiOperation({
    summary: 'Import products from CSV: preview, then commit',
    description:
      'The columns of GET /api/products/export.csv (any subset; quantity is accepted for countInStock). A row with an id updates that product (only its columns change); ' +
      'without one it creates a product. Each row is checked with the rules of POST and PUT /api/products; category is a category name. ' +
      '`mode=preview` (default) writes nothing and answers every row with its action and errors by column. `mode=commit` writes: when any row is invalid nothing is ' +
      'written and the answer is 422 IMPORT_INVALID_ROWS with the rows, unless `skipInvalid=true`, which writes the valid rows and reports the others. ' +
      "A row whose product changed since its export (its version is not the product's now, e.g. a sale took a unit), or that has no version and changes stock, " +
      'is a conflict: the row lists the columns where the shop and the file differ, and it is written only when `overwrite` names its product (or is `all`). ' +
      'Stock changes are recorded in the stock ledger with the reason import; with `stock=adjust` (default) they land only while the product is as exported, with `stock=set` ' +
      "the file's stock is written whatever happened since. " +
      'The file is a multipart `file` or the text/csv body, at most 2 MB and 5,000 rows (413 IMPORT_TOO_LARGE).',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ProductImportFileDto })
  @ApiAlsoConsumes('text/csv', {
    type: 'string',
    description: 'The CSV file itself (text/plain is accepted too)',
    example: 'name,price,countInStock,category\nLinen shirt,49.9,12,Shirts\n',
  })
  @ApiOkResponse({ type: ProductImportResultDto })
  @ApiResponse({
    status: 422,
    type: ProductImportResultDto,
    description: 'Unprocessable: commit with invalid rows (code IMPORT_INVALID_ROWS); nothing was written',
  })
  @ApiErrors('IMPORT_FILE_REQUIRED', 'IMPORT_MALFORMED_CSV', 'IMPORT_TOO_LARGE', 'UNEXPECTED_FILE', 'MALFORMED_UPLOAD', 'MALFORMED_BODY')
  async importCsv(
    @Query() query: ProductImportQueryDto,
    @Req() req: FastifyRequest,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ProductImportResultDto> {
    const overwrite =
      query.overwrite === 'all'
        ? 'all'
        : new Set(
            (query.overwrite ?? '')
              .split(',')
              .filter(Boolean)
              .map((id) => id.toLowerCase()),
          );
    const { status, body } = await this.csv.importCsv(uploadedCsv(req), query.mode ?? 'preview', query.skipInvalid === 'true', user, {
      overwrite,
      stock: query.stock ?? 'adjust',
    });
    res.status(status);
    return body;
  }
}
