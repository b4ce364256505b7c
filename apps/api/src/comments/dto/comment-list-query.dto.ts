import { ApiProperty } from '@nestjs/swagger';
import { IsMongoId } from 'class-validator';
import { ListQueryDto } from '../../common/list-query';

/** GET /api/comments: a post's comments, paged with the list conventions (sortable: createdAt; no filter keys). */
export class CommentListQueryDto extends ListQueryDto {
  @ApiProperty({ description: 'The post whose comments to list', example: '665f1c2e9d1e8a0012345678', pattern: '^[0-9a-fA-F]{24}$' })
  @IsMongoId({ message: 'blog must be a blog id' })
  blog!: string;
}
