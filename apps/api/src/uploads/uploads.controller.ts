import { Controller, HttpCode, Post, Req, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Auth } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
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
    description: 'The image is decoded and re-encoded in its own format before it is stored: metadata (EXIF with any GPS position, XMP, ICC) is dropped and the EXIF orientation is applied to the pixels.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadImageDto })
  @ApiCreatedResponse({ type: UploadResultDto })
  @ApiBadRequestResponse({ type: ErrorBody, description: 'No image in the request' })
  @ApiPayloadTooLargeResponse({ type: ErrorBody, description: 'Larger than 5 MB (code FILE_TOO_LARGE), or more than 40 megapixels, all frames together (code IMAGE_TOO_MANY_PIXELS)' })
  @ApiUnsupportedMediaTypeResponse({
    type: ErrorBody,
    description: 'Not a JPEG, PNG, WebP, GIF or AVIF image (code UNSUPPORTED_MEDIA_TYPE; SVG is refused), or one that cannot be read: truncated, damaged, or with other data after the image (code IMAGE_UNREADABLE)',
  })
  async upload(@Req() req: Request): Promise<UploadResultDto> {
    const image = await this.uploads.store(filesOf(req, 'image')[0]);
    return { message: 'Image uploaded successfully', image };
  }
}
