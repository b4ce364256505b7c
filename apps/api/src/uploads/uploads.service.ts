import { Injectable } from '@nestjs/common';
import { JobsService } from '@shop/jobs';
import { detectImageType, MediaStorage } from '@shop/media';
import { badRequest, DomainError } from '../common/domain-error';
import { MAX_IMAGE_BYTES } from './multipart';

export const UNSUPPORTED_IMAGE_MESSAGE = 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed';

export interface IncomingImage {
  buffer: Buffer;
  originalname?: string;
  size: number;
}

/** Stores uploaded images in GridFS and queues their thumbnails. */
@Injectable()
export class UploadsService {
  constructor(
    private readonly storage: MediaStorage,
    private readonly jobs: JobsService,
  ) {}

  /** Checks every file before storing any, so a bad file in a batch stores nothing. */
  assertImages(files: IncomingImage[]): void {
    for (const file of files) {
      if (file.size > MAX_IMAGE_BYTES) throw new DomainError(413, 'FILE_TOO_LARGE', 'Image is too large: at most 5 MB is allowed');
      if (!detectImageType(file.buffer)) throw new DomainError(415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_IMAGE_MESSAGE);
    }
  }

  /** Stores one image (recognised by its bytes) and returns its URL, /api/images/<id>. */
  async store(file: IncomingImage | undefined): Promise<string> {
    if (!file) throw badRequest('IMAGE_REQUIRED', 'Please upload an image.', { image: 'Please upload an image.' });
    this.assertImages([file]);
    const type = detectImageType(file.buffer);
    if (!type) throw new DomainError(415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_IMAGE_MESSAGE);
    const name = (file.originalname ?? 'image').replace(/[^\w.-]+/g, '_').slice(0, 100) || 'image';
    const id = await this.storage.saveImage(file.buffer, type, name);
    await this.jobs.enqueue('media.thumbnails', { fileId: id }, id);
    return `/api/images/${id}`;
  }

  async storeAll(files: IncomingImage[]): Promise<string[]> {
    this.assertImages(files);
    const urls: string[] = [];
    for (const file of files) urls.push(await this.store(file));
    return urls;
  }
}
