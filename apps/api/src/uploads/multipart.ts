import { CallHandler, ExecutionContext, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
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

/** One file of a multipart body, read into memory. */
export interface UploadedFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  buffer: Buffer;
  size: number;
}

export type UploadedFiles = Record<string, UploadedFile[] | undefined>;

/** What one route accepts in a multipart body (busboy's limits, as @fastify/multipart passes them). */
export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  fieldSize?: number;
}

export interface MultipartOptions {
  fields: readonly FileField[];
  limits: MultipartLimits;
  /** The error for a file above limits.fileSize. */
  tooLarge: () => DomainError;
}

/** The files read per request (not a request property: @fastify/multipart decorates `files` as a method). */
const UPLOADED = new WeakMap<FastifyRequest, UploadedFiles>();

/** @fastify/multipart's errors (FST_*) and an unexpected or surplus file, as the API's own: 413 for a file too large, 400 for the rest. */
export function multipartError(error: unknown, options: MultipartOptions): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return options.tooLarge();
  if (code === 'FST_FILES_LIMIT') {
    const withMessage = options.fields.find((f) => f.tooMany);
    if (withMessage?.tooMany) return badRequest('TOO_MANY_FILES', withMessage.tooMany, { [withMessage.name]: withMessage.tooMany });
    return badRequest('UNEXPECTED_FILE', 'Unexpected file field');
  }
  return badRequest('MALFORMED_UPLOAD', 'Malformed multipart body');
}

function unexpectedFile(field: FileField | undefined, name: string): DomainError {
  if (field?.tooMany) return badRequest('TOO_MANY_FILES', field.tooMany, { [field.name]: field.tooMany });
  return badRequest('UNEXPECTED_FILE', `Unexpected file field ${name}`.trim());
}

/**
 * Reads a multipart/form-data body with @fastify/multipart (registered in http/body-parsers.ts) into memory, then
 * puts it where the route reads it: the text fields as the body (validated by the route's DTO; a name sent twice
 * gives an array), the files by field name, for filesOf(). Any other content type passes through untouched.
 */
export async function readMultipart(req: FastifyRequest, options: MultipartOptions): Promise<void> {
  if (!req.isMultipart()) return;
  const body: Record<string, string | string[]> = {};
  const files: UploadedFiles = {};
  try {
    for await (const part of req.parts({ limits: options.limits })) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) throw badRequest('MALFORMED_UPLOAD', 'Malformed multipart body');
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const before = body[part.fieldname];
        body[part.fieldname] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
        continue;
      }
      const field = options.fields.find((f) => f.name === part.fieldname);
      const list = (files[part.fieldname] ??= []);
      if (!field || list.length >= field.maxCount) {
        part.file.resume();
        throw unexpectedFile(field, part.fieldname);
      }
      const buffer = await part.toBuffer();
      list.push({ fieldname: part.fieldname, originalname: part.filename, mimetype: part.mimetype, buffer, size: buffer.length });
    }
  } catch (error) {
    throw multipartError(error, options);
  }
  req.body = body;
  UPLOADED.set(req, files);
}

/**
 * Parses multipart/form-data into memory (files at most 5 MB each) before validation; other content types
 * pass through untouched, so one route can take JSON or multipart. Files are read with filesOf().
 */
export function MultipartFiles(fields: readonly FileField[]): Type<NestInterceptor> {
  const totalFiles = fields.reduce((sum, f) => sum + f.maxCount, 0);
  const options: MultipartOptions = {
    fields,
    limits: { fileSize: MAX_IMAGE_BYTES, files: totalFiles + 1, fields: 50, fieldSize: 100 * 1024, parts: totalFiles + 51 },
    tooLarge: () => new DomainError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE),
  };

  @Injectable()
  class MultipartInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      await readMultipart(context.switchToHttp().getRequest<FastifyRequest>(), options);
      return next.handle();
    }
  }
  return mixin(MultipartInterceptor);
}

/** The files of one field (none when the request was JSON). */
export function filesOf(req: FastifyRequest, field: string): UploadedFile[] {
  return UPLOADED.get(req)?.[field] ?? [];
}
