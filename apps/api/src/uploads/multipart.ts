import { CallHandler, ExecutionContext, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multer, { MulterError } from 'multer';
import { Observable } from 'rxjs';
import { badRequest, DomainError } from '../common/domain-error';

/** Largest accepted image upload. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'Image is too large: at most 5 MB is allowed';
export const MAX_ADDITIONAL_IMAGES = 4;
export const TOO_MANY_IMAGES_MESSAGE = `Maximum ${MAX_ADDITIONAL_IMAGES} additional images allowed`;

export interface FileField {
  name: string;
  maxCount: number;
  /** Message when more files than maxCount arrive in this field. */
  tooMany?: string;
}

export type UploadedFiles = Record<string, Express.Multer.File[] | undefined>;

/** Turns multer's errors into the API's own: 413 for a file above 5 MB, 400 for the rest. */
export function multerError(error: unknown, fields: readonly FileField[]): DomainError {
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new DomainError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
      const field = fields.find((f) => f.name === error.field);
      if (field?.tooMany) return badRequest('TOO_MANY_FILES', field.tooMany, { [field.name]: field.tooMany });
      if (error.code === 'LIMIT_FILE_COUNT') {
        const withMessage = fields.find((f) => f.tooMany);
        if (withMessage?.tooMany) return badRequest('TOO_MANY_FILES', withMessage.tooMany, { [withMessage.name]: withMessage.tooMany });
      }
      return badRequest('UNEXPECTED_FILE', `Unexpected file field ${error.field ?? ''}`.trim());
    }
    return badRequest('MALFORMED_UPLOAD', 'Malformed multipart body');
  }
  if (error instanceof DomainError) return error;
  return badRequest('MALFORMED_UPLOAD', 'Malformed multipart body');
}

type MultipartRequest = FastifyRequest & { files?: unknown; file?: Express.Multer.File };
type RawMultipartRequest = FastifyRequest['raw'] & { body?: unknown; files?: unknown; file?: Express.Multer.File };
export type Multer = (req: RawMultipartRequest, res: FastifyReply['raw'], callback: (error?: unknown) => void) => void;

/**
 * Runs multer over the raw request of a multipart/form-data body (Fastify leaves bodies of that type unread: see
 * http/body-parsers.ts), then puts what it read where the route reads it: the text fields as the body (validated
 * by the route's DTO), the files on `files` (or `file`). Any other content type passes through untouched.
 */
export async function readMultipart(req: FastifyRequest, res: FastifyReply, parser: Multer, toError: (error: unknown) => DomainError): Promise<void> {
  const raw: RawMultipartRequest = req.raw;
  await new Promise<void>((resolve, reject) => parser(raw, res.raw, (error?: unknown) => (error ? reject(toError(error)) : resolve())));
  if (!raw.files && !raw.file) return;
  const multipart = req as MultipartRequest;
  req.body = raw.body;
  multipart.files = raw.files;
  multipart.file = raw.file;
}

/**
 * Parses multipart/form-data into memory (files at most 5 MB each) before validation; other content types
 * pass through untouched, so one route can take JSON or multipart. Files land on req.files by field name.
 */
export function MultipartFiles(fields: readonly FileField[]): Type<NestInterceptor> {
  const totalFiles = fields.reduce((sum, f) => sum + f.maxCount, 0);
  const parser = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_IMAGE_BYTES, files: totalFiles + 1, fields: 50, fieldSize: 100 * 1024, parts: totalFiles + 51 },
  }).fields(fields.map(({ name, maxCount }) => ({ name, maxCount }))) as unknown as Multer;

  @Injectable()
  class MultipartInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      await readMultipart(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), parser, (error) => multerError(error, fields));
      return next.handle();
    }
  }
  return mixin(MultipartInterceptor);
}

/** The files of one field (none when the request was JSON). */
export function filesOf(req: FastifyRequest, field: string): Express.Multer.File[] {
  const files = (req as MultipartRequest).files as UploadedFiles | undefined;
  return (files && !Array.isArray(files) ? files[field] : undefined) ?? [];
}
