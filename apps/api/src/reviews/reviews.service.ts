import { Injectable } from '@nestjs/common';
import { REVIEW_STATUSES, ReviewsRepository, type ReviewFilter, type ReviewListRecord, type ReviewSort, type ReviewStatus } from '@shop/database';
import { Types } from 'mongoose';
import { badRequest, notFound } from '../common/domain-error';
import { escapeRegex, parseListQuery, type ListSpec } from '../common/list-query';
import { MAX_SEARCH_LENGTH, reviewToDto } from '../products/product-rules';
import type {
  ModerationReviewDto,
  ReviewCountsDto,
  ReviewListQueryDto,
  ReviewStatusInputDto,
  ReviewStatusResultDto,
} from './dto/review-moderation.dto';

export const REVIEW_LIST_SPEC: ListSpec = {
  sortable: ['createdAt', 'rating', 'status', 'name', 'productName', '_id'],
  defaultSort: { field: 'createdAt', order: -1 },
  filterable: { status: 'string', product: 'id', user: 'id', q: 'string' },
  defaultPageSize: 25,
  maxPageSize: 100,
};

export interface ReviewPage {
  rows: ModerationReviewDto[];
  skip: number;
  total: number;
}

function toModerationDto(record: ReviewListRecord): ModerationReviewDto {
  const review = reviewToDto(record);
  return {
    ...review,
    id: review._id,
    product: { _id: record.product._id.toString(), name: record.product.name },
    author: { _id: record.user.toString(), name: record.name },
  };
}

/** The list filter's criteria other than the status: the product, the reviewer and the text searched. */
function criteriaOf(filter: Record<string, unknown>): ReviewFilter {
  const criteria: ReviewFilter = {};
  if (filter.product) criteria.product = filter.product as Types.ObjectId;
  if (filter.user) criteria.user = filter.user as Types.ObjectId;
  const text = (filter.q as string | undefined)?.slice(0, MAX_SEARCH_LENGTH).trim();
  if (text) criteria.text = new RegExp(escapeRegex(text), 'i');
  return criteria;
}

/** The console's review moderation: every product's reviews in one list, approved or rejected in bulk. */
@Injectable()
export class ReviewsService {
  constructor(private readonly reviews: ReviewsRepository) {}

  async list(query: ReviewListQueryDto): Promise<ReviewPage> {
    const { skip, limit, sort, filter } = parseListQuery(query, REVIEW_LIST_SPEC);
    const criteria = criteriaOf(filter);
    const status = filter.status as string | undefined;
    if (status !== undefined) {
      if (!(REVIEW_STATUSES as readonly string[]).includes(status))
        throw badRequest('INVALID_QUERY', 'filter status must be pending, approved or rejected');
      criteria.status = status as ReviewStatus;
    }
    const field = (sort.field === '_id' ? 'createdAt' : sort.field) as ReviewSort['field'];
    const [rows, total] = await Promise.all([
      this.reviews.find(criteria, { field, order: sort.order }, skip, limit),
      this.reviews.countMatching(criteria),
    ]);
    return { rows: rows.map(toModerationDto), skip, total };
  }

  /**
   * Reviews per status under the list's other filters (the search, the product, the reviewer), so each status tab
   * counts what it would list; the filter's status is ignored. `all` is the sum.
   */
  async counts(query: ReviewListQueryDto): Promise<ReviewCountsDto> {
    const { filter } = parseListQuery(query, REVIEW_LIST_SPEC);
    const criteria = criteriaOf(filter);
    const count = (status: ReviewStatus) => this.reviews.countMatching({ ...criteria, status });
    const [pending, approved, rejected] = await Promise.all([count('pending'), count('approved'), count('rejected')]);
    return { all: pending + approved + rejected, pending, approved, rejected };
  }

  /** Approves or rejects the named reviews; each product's rating and numReviews follow (approved reviews only). */
  async setStatus(input: ReviewStatusInputDto): Promise<ReviewStatusResultDto> {
    const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))].map((id) => new Types.ObjectId(id));
    const result = await this.reviews.setStatus(ids, input.status);
    if (result.ids.length === 0) throw notFound('REVIEW_NOT_FOUND', ids.length === 1 ? 'Review not found' : 'None of these reviews exists');
    return {
      status: input.status,
      ids: result.ids.map(String),
      missing: result.missing.map(String),
      products: result.products.map((p) => ({ _id: p.product.toString(), rating: p.rating, numReviews: p.numReviews })),
    };
  }
}
