import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { badRequest } from '../common/domain-error';
import { ErrorBody } from '../common/error-body';
import { ImagesService } from './images.service';

@ApiTags('images')
@SkipThrottle()
@Controller('images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Get(':id')
  @ApiOperation({ summary: 'Serve an uploaded image, or a WebP thumbnail of it with ?w=' })
  @ApiQuery({ name: 'w', required: false, description: 'Wanted width: 160, 320, 640 or 1280 (the next larger is served)' })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif')
  @ApiOkResponse({ description: 'The image bytes, with ETag and a long immutable cache' })
  @ApiNotFoundResponse({ type: ErrorBody })
  async serve(@Param('id') id: string, @Query('w') w: string | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    let width: number | undefined;
    if (w !== undefined) {
      if (typeof w !== 'string' || !/^\d{1,4}$/.test(w)) throw badRequest('INVALID_WIDTH', 'w must be a whole number of pixels');
      width = Number(w);
    }
    const { image, final, open } = await this.images.resolve(id, width);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('ETag', image.etag);
    res.setHeader('Cache-Control', final ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    if (req.headers['if-none-match'] === image.etag) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Content-Length', String(image.length));
    const stream = open();
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
}
