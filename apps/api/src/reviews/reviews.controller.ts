import { Body, Controller, Get, Patch, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Auth } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { ModerationReviewDto, ReviewListQueryDto, ReviewStatusInputDto, ReviewStatusResultDto } from './dto/review-moderation.dto';
import { ReviewsService } from './reviews.service';

const STATUS_SUMMARY = "Approve or reject up to 100 reviews at once (admins); each product's rating and numReviews count approved reviews only";

@ApiTags('reviews')
@Controller('reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: 'Every product\'s reviews for moderation (admins; page/perPage or range/sort/filter with status, product, user, q)' })
  @ApiOkResponse({ type: [ModerationReviewDto], description: 'With X-Total-Count and Content-Range' })
  @ApiErrors('INVALID_QUERY')
  async list(@Query() query: ReviewListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<ModerationReviewDto[]> {
    const { rows, skip, total } = await this.reviews.list(query);
    setListHeaders(res, 'reviews', skip, rows.length, total);
    return rows;
  }

  @Patch('status')
  @Auth('admin')
  @ApiOperation({ summary: STATUS_SUMMARY })
  @ApiOkResponse({ type: ReviewStatusResultDto })
  @ApiErrors('REVIEW_NOT_FOUND')
  patchStatus(@Body() body: ReviewStatusInputDto): Promise<ReviewStatusResultDto> {
    return this.reviews.setStatus(body);
  }

  @Put('status')
  @Auth('admin')
  @ApiOperation({ summary: `${STATUS_SUMMARY} (the same as PATCH)` })
  @ApiOkResponse({ type: ReviewStatusResultDto })
  @ApiErrors('REVIEW_NOT_FOUND')
  putStatus(@Body() body: ReviewStatusInputDto): Promise<ReviewStatusResultDto> {
    return this.reviews.setStatus(body);
  }
}
