import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import express, { type Request, type Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';
import { badRequest, DomainError } from '../../common/domain-error';
import { multerError } from '../../uploads/multipart';
import { IMPORT_TOO_LARGE_MESSAGE, MAX_IMPORT_BYTES } from './product-csv.service';

const csvFile = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 } }).single('file');
const csvText = express.raw({ type: ['text/csv', 'text/plain'], limit: MAX_IMPORT_BYTES });

/** The CSV of an import: a multipart `file`, or the request body itself as text/csv; 413 above 2 MB. */
@Injectable()
export class CsvUpload implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    await new Promise<void>((resolve, reject) =>
      csvFile(req, res, (error?: unknown) => {
        if (!error) return resolve();
        if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') return reject(new DomainError(413, 'IMPORT_TOO_LARGE', IMPORT_TOO_LARGE_MESSAGE));
        reject(multerError(error, [{ name: 'file', maxCount: 1 }]));
      }),
    );
    await new Promise<void>((resolve, reject) =>
      csvText(req, res, (error?: unknown) => {
        if (!error) return resolve();
        const type = (error as { type?: string }).type;
        reject(type === 'entity.too.large' ? new DomainError(413, 'IMPORT_TOO_LARGE', IMPORT_TOO_LARGE_MESSAGE) : badRequest('MALFORMED_BODY', 'Malformed request body'));
      }),
    );
    return next.handle();
  }
}

/** The uploaded CSV: the multipart file, else the raw text/csv body (a file, not an input to validate). */
export function uploadedCsv(req: Request): Buffer {
  if (req.file) return req.file.buffer;
  if (Buffer.isBuffer(req.body) && req.body.length > 0) return req.body;
  throw badRequest('IMPORT_FILE_REQUIRED', 'Choose a CSV file to import', { file: 'Choose a CSV file to import' });
}
