import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { badRequest, DomainError } from '../../common/domain-error';
import { filesOf, readMultipart, type MultipartOptions } from '../../uploads/multipart';
import { IMPORT_TOO_LARGE_MESSAGE, MAX_IMPORT_BYTES } from './product-csv.service';

/** One multipart `file` of at most MAX_IMPORT_BYTES, and a few text fields. */
const CSV_FILE: MultipartOptions = {
  fields: [{ name: 'file', maxCount: 1 }],
  limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 },
  tooLarge: () => new DomainError(413, 'IMPORT_TOO_LARGE', IMPORT_TOO_LARGE_MESSAGE),
};
const CSV_TYPES = /^(text\/csv|text\/plain)\s*(;|$)/i;

/** The raw body of a text/csv (or text/plain) request, at most MAX_IMPORT_BYTES; undefined for other types. */
async function readCsvBody(req: FastifyRequest): Promise<Buffer | undefined> {
  if (!CSV_TYPES.test(req.headers['content-type'] ?? '')) return undefined;
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_IMPORT_BYTES) throw new DomainError(413, 'IMPORT_TOO_LARGE', IMPORT_TOO_LARGE_MESSAGE);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req.raw) {
      size += (chunk as Buffer).length;
      if (size > MAX_IMPORT_BYTES) throw new DomainError(413, 'IMPORT_TOO_LARGE', IMPORT_TOO_LARGE_MESSAGE);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw badRequest('MALFORMED_BODY', 'Malformed request body');
  }
  return Buffer.concat(chunks);
}

/** The CSV of an import: a multipart `file`, or the request body itself as text/csv; 413 above 2 MB. */
@Injectable()
export class CsvUpload implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    await readMultipart(req, CSV_FILE);
    const text = await readCsvBody(req);
    if (text) req.body = text;
    return next.handle();
  }
}

/** The uploaded CSV: the multipart file, else the raw text/csv body (a file, not an input to validate). */
export function uploadedCsv(req: FastifyRequest): Buffer {
  const file = filesOf(req, 'file')[0];
  if (file) return file.buffer;
  if (Buffer.isBuffer(req.body) && req.body.length > 0) return req.body;
  throw badRequest('IMPORT_FILE_REQUIRED', 'Choose a CSV file to import', { file: 'Choose a CSV file to import' });
}
