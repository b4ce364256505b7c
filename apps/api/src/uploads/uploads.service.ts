import { Injectable, Logger } from '@nestjs/common';
import { JobsService } from '@shop/jobs';
import { ImageRejectedError, MAX_IMAGE_PIXELS, MediaStorage, normalizeImage, type NormalizedImage } from '@shop/media';
import { badRequest, DomainError } from '../common/domain-error';
import { FILE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from './multipart';

export const UNSUPPORTED_IMAGE_MESSAGE = 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed';
export const IMAGE_UNREADABLE_MESSAGE = 'The image could not be read: it is damaged, cut short, or has other data in it besides the image';
export const TOO_MANY_PIXELS_MESSAGE = `Image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels is allowed (all frames together for an animation)`;

export interface IncomingImage {
  buffer: Buffer;
  originalname?: string;
  size: number;
}

/** An upload that was checked and re-encoded, ready to be stored. */
export interface PreparedImage {
  image: NormalizedImage;
  filename: string;
}

/** Turns the normaliser's refusal into the API's error: 415 for what is not a readable image, 413 for too many pixels. */
function refusal(error: ImageRejectedError): DomainError {
  switch (error.reason) {
    case 'unsupported':
      return new DomainError(415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_IMAGE_MESSAGE);
    case 'unreadable':
      return new DomainError(415, 'IMAGE_UNREADABLE', IMAGE_UNREADABLE_MESSAGE);
    case 'too-many-pixels':
      return new DomainError(413, 'IMAGE_TOO_MANY_PIXELS', TOO_MANY_PIXELS_MESSAGE);
  }
}

/**
 * Stores uploaded images in GridFS and queues their thumbnails. Nothing is stored as sent: every file is
 * decoded and re-encoded first (libs/media normalizeImage), and every file of a request is checked before
 * any is stored, so a bad file in a batch stores nothing.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    private readonly storage: MediaStorage,
    private readonly jobs: JobsService,
  ) {}

  /** Checks every file (bytes first, then each decoded and re-encoded); throws on the first bad one. */
  async prepare(files: IncomingImage[]): Promise<PreparedImage[]> {
    for (const file of files) if (file.size > MAX_IMAGE_BYTES) throw new DomainError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
    const prepared: PreparedImage[] = [];
    for (const file of files) {
      try {
        prepared.push({ image: await normalizeImage(file.buffer), filename: safeName(file.originalname) });
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        this.logger.warn(`upload ${safeName(file.originalname)} refused: ${error.message}`);
        throw refusal(error);
      }
    }
    return prepared;
  }

  /** Stores prepared images and queues their thumbnails; answers their URLs, /api/images/<id>, in order. */
  async save(prepared: PreparedImage[]): Promise<string[]> {
    const urls: string[] = [];
    for (const { image, filename } of prepared) {
      const id = await this.storage.saveImage(image.buffer, image.contentType, filename);
      await this.jobs.enqueue('media.thumbnails', { fileId: id }, id);
      urls.push(`/api/images/${id}`);
    }
    return urls;
  }

  /** Stores one image and returns its URL. */
  async store(file: IncomingImage | undefined): Promise<string> {
    if (!file) throw badRequest('IMAGE_REQUIRED', 'Please upload an image.', { image: 'Please upload an image.' });
    const [url] = await this.storeAll([file]);
    return url;
  }

  async storeAll(files: IncomingImage[]): Promise<string[]> {
    return this.save(await this.prepare(files));
  }
}

/** The client's file name reduced to a harmless label (it is never used as a path). */
function safeName(originalname: string | undefined): string {
  return (originalname ?? 'image').replace(/[^\w.-]+/g, '_').slice(0, 100) || 'image';
}
