import { Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { MediaStorage, THUMBNAIL_WIDTHS } from './media-storage';

/** Makes the WebP thumbnails of an uploaded image. Idempotent: widths already stored are skipped. */
@Injectable()
export class ThumbnailService {
  private readonly logger = new Logger(ThumbnailService.name);

  constructor(private readonly storage: MediaStorage) {}

  async generate(fileId: string): Promise<number> {
    const original = await this.storage.find(fileId);
    if (!original) {
      this.logger.warn(`image ${fileId} no longer exists; nothing to do`);
      return 0;
    }
    const source = await this.storage.readAll(fileId);
    let made = 0;
    for (const width of THUMBNAIL_WIDTHS) {
      if (await this.storage.findThumbnail(fileId, width)) continue;
      const webp = await sharp(source, { animated: false }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      await this.storage.saveThumbnail(fileId, width, webp);
      made += 1;
    }
    return made;
  }
}
