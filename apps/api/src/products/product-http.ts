import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEntry } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { filesOf, MAX_ADDITIONAL_IMAGES, MultipartFiles, TOO_MANY_IMAGES_MESSAGE } from '../uploads/multipart';
import type { ProductDto } from './dto/product.dto';
import type { ProductFiles, ProductPage } from './products.service';

/** The multipart fields of a product form: one main image and up to four additional ones. */
export const PRODUCT_FILES = MultipartFiles([
  { name: 'image', maxCount: 1 },
  { name: 'additionalImages', maxCount: MAX_ADDITIONAL_IMAGES, tooMany: TOO_MANY_IMAGES_MESSAGE },
]);

/** The uploaded files of a product form (none for JSON). */
export function productFiles(req: FastifyRequest): ProductFiles {
  return { image: filesOf(req, 'image')[0], additionalImages: filesOf(req, 'additionalImages') };
}

/** A page of products as a JSON array, its total in X-Total-Count and Content-Range. */
export function answerPage(res: FastifyReply, page: ProductPage): ProductDto[] {
  setListHeaders(res, 'products', page.skip, page.items.length, page.total);
  return page.items;
}

/** Every error a product form can answer with: its fields, its category, its specifications and its images. */
export const PRODUCT_FORM_ERRORS: ErrorEntry[] = [
  ['CATEGORY_NOT_FOUND', 400],
  'INVALID_SPECIFICATIONS',
  'DUPLICATE_SKU',
  'STOCK_MISMATCH',
  'TOO_MANY_FILES',
  'UNEXPECTED_FILE',
  'MALFORMED_UPLOAD',
  'FILE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'UNSUPPORTED_MEDIA_TYPE',
  'IMAGE_UNREADABLE',
];
