import { Injectable } from '@nestjs/common';
import { MediaStorage, THUMBNAIL_WIDTHS, type StoredImage } from '@shop/media';
import type { Readable } from 'node:stream';
import { badRequest, notFound } from '../common/domain-error';

export interface ImageToServe {
  image: StoredImage;
  /** False while a requested thumbnail does not exist yet and the original stands in for it. */
  final: boolean;
  open: () => Readable;
}

@Injectable()
export class ImagesService {
  constructor(private readonly storage: MediaStorage) {}

  /** The original, or the smallest thumbnail at least `w` pixels wide once the media job made it. */
  async resolve(id: string, w?: string): Promise<ImageToServe> {
    if (w !== undefined && !/^\d{1,4}$/.test(w)) throw badRequest('INVALID_WIDTH', 'w must be a whole number of pixels');
    const width = w === undefined ? undefined : Number(w);
    const original = await this.storage.find(id);
    if (!original) throw notFound('IMAGE_NOT_FOUND', 'Image not found');
    if (width !== undefined) {
      const wanted = THUMBNAIL_WIDTHS.find((t) => t >= width) ?? THUMBNAIL_WIDTHS[THUMBNAIL_WIDTHS.length - 1];
      const thumb = await this.storage.findThumbnail(id, wanted);
      if (thumb) return { image: thumb, final: true, open: () => this.storage.openStream(thumb.id) };
      return { image: original, final: false, open: () => this.storage.openStream(original.id) };
    }
    return { image: original, final: true, open: () => this.storage.openStream(original.id) };
  }
}
