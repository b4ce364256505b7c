import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrors } from '../common/api-errors';
import { IdParam } from '../common/object-id';
import { ImageQueryDto } from './dto/image-query.dto';
import { ImagesService } from './images.service';

/** The formats an image is served in (errors are JSON, as everywhere). */
const IMAGE_CONTENT = Object.fromEntries(
  ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
);

@ApiTags('images')
@SkipThrottle()
@Controller('images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Get(':id')
  @ApiOperation({ summary: 'Serve an uploaded image, or a WebP thumbnail of it with ?w=' })
  @ApiOkResponse({ description: 'The image bytes, with ETag and a long immutable cache', content: IMAGE_CONTENT })
  @ApiErrors('IMAGE_NOT_FOUND', 'INVALID_WIDTH')
  async serve(
    @IdParam('id', 'IMAGE_NOT_FOUND', 'Image not found') id: string,
    @Query() query: ImageQueryDto,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const { image, final, open } = await this.images.resolve(id, query.w);
    res.header('X-Content-Type-Options', 'nosniff');
    res.header('ETag', image.etag);
    res.header('Cache-Control', final ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
    res.header('Cross-Origin-Resource-Policy', 'same-site');
    if (req.headers['if-none-match'] === image.etag) {
      await res.status(304).send();
      return;
    }
    res.header('Content-Type', image.contentType);
    res.header('Content-Length', String(image.length));
    await res.send(open());
  }
}
