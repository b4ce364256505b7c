import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { SearchMissesDto, SearchMissesQueryDto, SearchQueryDto, SearchResultDto, SynonymsDto, SynonymsInputDto } from './dto/search.dto';
import { SearchService } from './search.service';

@ApiTags('Search')
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOperation({
    summary: 'Search the published catalogue: products by relevance, facet counts, and a suggestion when nothing matches',
    description:
      'Every word of q must match (name, brand, category, colours, sizes, specifications, description; the name weighs most), in any order, with typos forgiven and synonyms applied. Filters of one facet are ORed, facets are ANDed; each facet is counted with every other filter applied.',
  })
  @ApiOkResponse({ type: SearchResultDto })
  @ApiErrors('VALIDATION_FAILED')
  find(@Query() query: SearchQueryDto): Promise<SearchResultDto> {
    return this.search.search(query);
  }

  @Get('synonyms')
  @Auth('admin')
  @ApiOperation({ summary: 'The synonym groups the search uses (the shop starts with a sensible list)' })
  @ApiOkResponse({ type: SynonymsDto })
  synonyms(): Promise<SynonymsDto> {
    return this.search.synonyms();
  }

  @Put('synonyms')
  @Auth('admin')
  @ApiOperation({ summary: 'Replace the synonym groups; every API instance searches with them within a second' })
  @ApiOkResponse({ type: SynonymsDto })
  @ApiErrors('VALIDATION_FAILED')
  saveSynonyms(@Body() body: SynonymsInputDto): Promise<SynonymsDto> {
    return this.search.saveSynonyms(body.groups);
  }

  @Get('misses')
  @Auth('admin')
  @ApiOperation({ summary: 'The search texts that found nothing, most frequent first' })
  @ApiOkResponse({ type: SearchMissesDto })
  @ApiErrors('VALIDATION_FAILED')
  misses(@Query() query: SearchMissesQueryDto): Promise<SearchMissesDto> {
    return this.search.misses(query.limit);
  }
}
