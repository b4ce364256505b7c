import { Injectable } from '@nestjs/common';
import { StatsRepository } from '@shop/database';
import { parseListQuery } from '../common/list-query';
import { ContributorDto } from './dto/contributor.dto';

@Injectable()
export class StatsService {
  constructor(private readonly stats: StatsRepository) {}

  /** Distributors, most published products first, paged like every list. */
  async contributors(query: Record<string, unknown>): Promise<{ items: ContributorDto[]; skip: number; total: number }> {
    const { skip, limit } = parseListQuery(query, { sortable: ['publishedProducts'], defaultSort: { field: 'publishedProducts', order: -1 }, defaultPageSize: 50, maxPageSize: 200 });
    const all = await this.stats.contributors();
    return { items: all.slice(skip, skip + limit).map((c) => ContributorDto.from(c)), skip, total: all.length };
  }
}
