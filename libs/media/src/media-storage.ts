import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { GridFSBucket, ObjectId } from 'mongodb';
import type { Connection } from 'mongoose';
import type { Readable } from 'node:stream';

export const THUMBNAIL_WIDTHS = [160, 320, 640, 1280] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

export interface StoredImage {
  id: string;
  contentType: string;
  length: number;
  /** Strong validator: the file id plus its length never change for a stored file. */
  etag: string;
  uploadDate: Date;
}

interface ImageMetadata {
  contentType: string;
  originalId?: string;
  width?: number;
}

/** Images live in MongoDB GridFS (bucket "images"), so every instance sees the same files. */
@Injectable()
export class MediaStorage {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private bucket(): GridFSBucket {
    const db = this.connection.db;
    if (!db) throw new Error('MongoDB connection is not open');
    return new GridFSBucket(db, { bucketName: 'images' });
  }

  static parseId(id: string): ObjectId | undefined {
    return /^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : undefined;
  }

  private async write(buffer: Buffer, filename: string, metadata: ImageMetadata): Promise<string> {
    const upload = this.bucket().openUploadStream(filename, { metadata });
    await new Promise<void>((resolve, reject) => {
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(buffer);
    });
    return upload.id.toString();
  }

  saveImage(buffer: Buffer, contentType: string, filename = 'image'): Promise<string> {
    return this.write(buffer, filename, { contentType });
  }

  saveThumbnail(originalId: string, width: ThumbnailWidth, buffer: Buffer): Promise<string> {
    return this.write(buffer, `thumb/${originalId}/${width}.webp`, { contentType: 'image/webp', originalId, width });
  }

  private async describe(filter: Record<string, unknown>): Promise<StoredImage | undefined> {
    const [file] = await this.bucket().find(filter, { limit: 1 }).toArray();
    if (!file) return undefined;
    const metadata = (file.metadata ?? {}) as Partial<ImageMetadata>;
    return {
      id: file._id.toString(),
      contentType: metadata.contentType ?? 'application/octet-stream',
      length: file.length,
      etag: `"${file._id.toString()}-${file.length}"`,
      uploadDate: file.uploadDate,
    };
  }

  find(id: string): Promise<StoredImage | undefined> {
    const objectId = MediaStorage.parseId(id);
    return objectId ? this.describe({ _id: objectId }) : Promise.resolve(undefined);
  }

  findThumbnail(originalId: string, width: ThumbnailWidth): Promise<StoredImage | undefined> {
    return this.describe({ filename: `thumb/${originalId}/${width}.webp` });
  }

  async listThumbnailWidths(originalId: string): Promise<number[]> {
    const files = await this.bucket()
      .find({ filename: { $regex: `^thumb/${originalId}/` } })
      .toArray();
    return [...new Set(files.map((f) => Number((f.metadata as Partial<ImageMetadata> | undefined)?.width)))].sort((a, b) => a - b);
  }

  openStream(id: string): Readable {
    return this.bucket().openDownloadStream(new ObjectId(id));
  }

  async readAll(id: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.openStream(id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
