import { Injectable } from '@nestjs/common';
import { StatsRepository } from '@shop/database';
import { parseListQuery } from '../common/list-query';
import { ContributorDto } from './dto/contributor.dto';
import type { ContributorsQueryDto } from './dto/contributors-query.dto';

@Injectable()
export class StatsService {
  constructor(private readonly stats: StatsRepository) {}

  /** Distributors, most published products first, paged like every list. */
  async contributors(query: ContributorsQueryDto): Promise<{ items: ContributorDto[]; skip: number; total: number }> {
    const { page, perPage, pageSize, range } = query;
    const { skip, limit } = parseListQuery(
      { page, perPage, pageSize, range },
      { sortable: ['publishedProducts'], defaultSort: { field: 'publishedProducts', order: -1 }, defaultPageSize: 50, maxPageSize: 200 },
    );
    const all = await this.stats.contributors();
    return { items: all.slice(skip, skip + limit).map((c) => ContributorDto.from(c)), skip, total: all.length };
  }
}
