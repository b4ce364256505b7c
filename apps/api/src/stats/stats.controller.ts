import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { ContributorDto } from './dto/contributor.dto';
import { ContributorsQueryDto } from './dto/contributors-query.dto';
import { StatsService } from './stats.service';

@ApiTags('stats')
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('contributors')
  @ApiOperation({ summary: 'The distributors who fill the catalog, most published products first' })
  @ApiOkResponse({ type: [ContributorDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiErrors('INVALID_QUERY')
  async contributors(@Query() query: ContributorsQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<ContributorDto[]> {
    const page = await this.stats.contributors(query);
    setListHeaders(res, 'contributors', page.skip, page.items.length, page.total);
    return page.items;
  }
}
