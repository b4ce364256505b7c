import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { Auth } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { NewsletterMessageDto, SubscribeDto, SubscriberDto } from './dto/newsletter.dto';
import { SubscriberListQueryDto, SubscribersCsvQueryDto } from './dto/subscriber-query.dto';
import { NewsletterService } from './newsletter.service';
import { unsubscribePage } from './unsubscribe-page';

const THANKS = 'Thank you for subscribing!';
const UNSUBSCRIBED = 'You have been unsubscribed.';

@ApiTags('newsletter')
@Controller('newsletter')
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('subscribe')
  @Throttle({ default: { limit: 20, ttl: 600_000 } })
  @ApiOperation({
    summary:
      'Subscribe an address (20 calls in 10 minutes per client): 201 and a welcome mail when new, 200 and nothing else when already subscribed',
  })
  @ApiCreatedResponse({ type: NewsletterMessageDto, description: 'Subscribed; a welcome mail with an unsubscribe link is on its way' })
  @ApiOkResponse({ type: NewsletterMessageDto, description: 'Already subscribed: no duplicate, no second mail' })
  async subscribe(@Body() dto: SubscribeDto, @Res({ passthrough: true }) res: FastifyReply): Promise<NewsletterMessageDto> {
    const { created } = await this.newsletter.subscribe(dto.email);
    res.status(created ? 201 : 200);
    return { message: THANKS };
  }

  @Get('unsubscribe/:token')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The unsubscribe link of the mails: unsubscribes and answers a small HTML page' })
  @ApiOkResponse({ description: 'HTML page: unsubscribed', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiNotFoundResponse({ description: 'HTML page: the link is not valid', content: { 'text/html': { schema: { type: 'string' } } } })
  async unsubscribeLink(@Param('token') token: string, @Res() res: FastifyReply): Promise<void> {
    const ok = await this.newsletter.tryUnsubscribe(token);
    res
      .status(ok ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(ok, this.config.publicUrl));
  }

  @Post('unsubscribe/:token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unsubscribe with the token of the mail link (also the one-click unsubscribe target)' })
  @ApiOkResponse({ type: NewsletterMessageDto })
  @ApiErrors('UNSUBSCRIBE_LINK_INVALID')
  async unsubscribe(@Param('token') token: string): Promise<NewsletterMessageDto> {
    await this.newsletter.unsubscribe(token);
    return { message: UNSUBSCRIBED };
  }

  @Get('subscribers')
  @Auth('admin')
  @ApiOperation({
    summary: 'Subscribers (admins), newest first',
    description:
      'JSON array; total in X-Total-Count and Content-Range. Sortable: subscribedAt (default, newest first), email, createdAt, id. filter keys: q (e-mail text), active, id (list of ids).',
  })
  @ApiOkResponse({ type: [SubscriberDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiErrors('INVALID_QUERY')
  async list(@Query() query: SubscriberListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<SubscriberDto[]> {
    const page = await this.newsletter.list(query);
    setListHeaders(res, 'subscribers', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Get('subscribers.csv')
  @Auth('admin')
  @ApiOperation({
    summary: 'Download the subscribers as CSV (admins); filter as for the list',
    description: 'filter keys: q (e-mail text), active, id (list of ids).',
  })
  @ApiOkResponse({ description: 'email,status,subscribedAt,unsubscribedAt', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiErrors('INVALID_QUERY')
  async csv(@Query() query: SubscribersCsvQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const csv = await this.newsletter.csv(query);
    // Set on success only: @Header would also label a JSON error body as a CSV attachment.
    res.header('Content-Type', 'text/csv; charset=utf-8');
    res.header('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"');
    res.header('Cache-Control', 'no-store');
    return csv;
  }
}
