import { Body, Controller, Get, Patch, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Auth } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { ModerationReviewDto, ReviewCountsDto, ReviewListQueryDto, ReviewStatusInputDto, ReviewStatusResultDto } from './dto/review-moderation.dto';
import { ReviewsService } from './reviews.service';

const STATUS_SUMMARY = "Approve or reject up to 100 reviews at once (admins); each product's rating and numReviews count approved reviews only";

@ApiTags('reviews')
@Controller('reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: "Every product's reviews for moderation (admins; page/perPage or range/sort/filter with status, product, user, q)" })
  @ApiOkResponse({ type: [ModerationReviewDto], description: 'With X-Total-Count and Content-Range' })
  @ApiErrors('INVALID_QUERY')
  async list(@Query() query: ReviewListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<ModerationReviewDto[]> {
    const { rows, skip, total } = await this.reviews.list(query);
    setListHeaders(res, 'reviews', skip, rows.length, total);
    return rows;
  }

  @Get('counts')
  @Auth('admin')
  @ApiOperation({
    summary: "Reviews per status (admins), for the console's status tabs",
    description:
      'Takes the same filter as GET /api/reviews (q, product, user); its status is ignored, so each tab shows what it would list. `all` is the sum.',
  })
  @ApiOkResponse({ type: ReviewCountsDto })
  @ApiErrors('INVALID_QUERY')
  counts(@Query() query: ReviewListQueryDto): Promise<ReviewCountsDto> {
    return this.reviews.counts(query);
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
