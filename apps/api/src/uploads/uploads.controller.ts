import { Controller, HttpCode, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { UploadImageDto, UploadResultDto } from './dto/upload.dto';
import { filesOf, MultipartFiles } from './multipart';
import { UploadsService } from './uploads.service';

@ApiTags('uploads')
@Controller('upload')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post()
  @HttpCode(201)
  @Auth('distributor')
  @UseInterceptors(MultipartFiles([{ name: 'image', maxCount: 1 }]))
  @ApiOperation({
    summary: 'Upload an image (admins and distributors); its thumbnails are made in the background',
    description:
      'The image is decoded and re-encoded in its own format before it is stored: metadata (EXIF with any GPS position, XMP, ICC) is dropped and the EXIF orientation is applied to the pixels. ' +
      'Refused: no image (IMAGE_REQUIRED); larger than 5 MB (FILE_TOO_LARGE) or more than 40 megapixels, all frames together (IMAGE_TOO_MANY_PIXELS); ' +
      'not a JPEG, PNG, WebP, GIF or AVIF image, SVG included (UNSUPPORTED_MEDIA_TYPE); one that cannot be read: truncated, damaged, or with other data after the image (IMAGE_UNREADABLE).',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadImageDto })
  @ApiCreatedResponse({ type: UploadResultDto })
  @ApiErrors(
    'IMAGE_REQUIRED',
    'UNEXPECTED_FILE',
    'MALFORMED_UPLOAD',
    'FILE_TOO_LARGE',
    'IMAGE_TOO_MANY_PIXELS',
    'UNSUPPORTED_MEDIA_TYPE',
    'IMAGE_UNREADABLE',
  )
  async upload(@Req() req: FastifyRequest): Promise<UploadResultDto> {
    const image = await this.uploads.store(filesOf(req, 'image')[0]);
    return { message: 'Image uploaded successfully', image };
  }
}
