import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { Auth } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { setListHeaders } from '../common/list-query';
import { NewsletterMessageDto, SubscribeDto, SubscriberDto } from './dto/newsletter.dto';
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
  @ApiOperation({ summary: 'Subscribe an address (20 calls in 10 minutes per client): 201 and a welcome mail when new, 200 and nothing else when already subscribed' })
  @ApiCreatedResponse({ type: NewsletterMessageDto, description: 'Subscribed; a welcome mail with an unsubscribe link is on its way' })
  @ApiOkResponse({ type: NewsletterMessageDto, description: 'Already subscribed: no duplicate, no second mail' })
  @ApiBadRequestResponse({ type: ErrorBody, description: 'Please enter a valid email address' })
  @ApiTooManyRequestsResponse({ type: ErrorBody })
  async subscribe(@Body() dto: SubscribeDto, @Res({ passthrough: true }) res: Response): Promise<NewsletterMessageDto> {
    const { created } = await this.newsletter.subscribe(dto.email);
    res.status(created ? 201 : 200);
    return { message: THANKS };
  }

  @Get('unsubscribe/:token')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The unsubscribe link of the mails: unsubscribes and answers a small HTML page' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'HTML page: unsubscribed', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiNotFoundResponse({ description: 'HTML page: the link is not valid', content: { 'text/html': { schema: { type: 'string' } } } })
  async unsubscribeLink(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const ok = await this.newsletter.tryUnsubscribe(token);
    res.status(ok ? 200 : 404).type('html').send(unsubscribePage(ok, this.config.publicUrl));
  }

  @Post('unsubscribe/:token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unsubscribe with the token of the mail link (also the one-click unsubscribe target)' })
  @ApiOkResponse({ type: NewsletterMessageDto })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'This unsubscribe link is not valid' })
  async unsubscribe(@Param('token') token: string): Promise<NewsletterMessageDto> {
    await this.newsletter.unsubscribe(token);
    return { message: UNSUBSCRIBED };
  }

  @Get('subscribers')
  @Auth('admin')
  @ApiOperation({ summary: 'Subscribers (admins), newest first' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  @ApiQuery({ name: 'range', required: false, description: 'react-admin range, e.g. [0,24]' })
  @ApiQuery({ name: 'sort', required: false, description: 'e.g. ["subscribedAt","DESC"]' })
  @ApiQuery({ name: 'filter', required: false, description: 'JSON: {"q":"text","active":true}' })
  @ApiOkResponse({ type: [SubscriberDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiBadRequestResponse({ type: ErrorBody })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<SubscriberDto[]> {
    const page = await this.newsletter.list(query);
    setListHeaders(res, 'subscribers', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Get('subscribers.csv')
  @Auth('admin')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Download the subscribers as CSV (admins); filter as for the list' })
  @ApiQuery({ name: 'filter', required: false, description: 'JSON: {"active":true}' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'email,status,subscribedAt,unsubscribedAt', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({ type: ErrorBody })
  csv(@Query() query: Record<string, unknown>): Promise<string> {
    return this.newsletter.csv(query);
  }
}
