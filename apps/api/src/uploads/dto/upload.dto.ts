import { ApiProperty } from '@nestjs/swagger';

export class UploadImageDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, WebP, GIF or AVIF, at most 5 MB and 40 megapixels; stored re-encoded, without metadata',
  })
  image!: unknown;
}

export class UploadResultDto {
  @ApiProperty({ example: 'Image uploaded successfully' })
  message!: string;

  @ApiProperty({ example: '/api/images/665f1c2e9d1e8a0012345678' })
  image!: string;
}
