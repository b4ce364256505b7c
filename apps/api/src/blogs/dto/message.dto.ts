import { ApiProperty } from '@nestjs/swagger';

export class BlogMessageDto {
  @ApiProperty({ example: 'Blog deleted' })
  message!: string;
}
