import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** GET /api/images/{id}: the wanted width, if any (its form is checked by ImagesService: 400 INVALID_WIDTH). */
export class ImageQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 9999,
    description:
      'Wanted width in pixels: the smallest of the 160, 320, 640 and 1280 wide WebP thumbnails at least that wide is served (1280 above it)',
  })
  @IsOptional()
  @IsString({ message: 'w must be a whole number of pixels' })
  w?: string;
}
