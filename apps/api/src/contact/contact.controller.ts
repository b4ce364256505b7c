import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { setListHeaders } from '../common/list-query';
import { parseObjectIdOr404 } from '../common/object-id';
import { ContactService } from './contact.service';
import { ContactMessageDto, ContactReceivedDto, CreateContactMessageDto, UpdateContactMessageDto } from './dto/contact.dto';

/** Contact-form messages a client may send per window. */
export const CONTACT_LIMIT = { limit: 10, ttl: 3_600_000 };

const messageId = (id: string) => parseObjectIdOr404(id, 'CONTACT_MESSAGE_NOT_FOUND', 'Message not found');

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @Throttle({ default: CONTACT_LIMIT })
  @ApiOperation({ summary: 'Send a message to the shop (10 an hour per client); the admins get it by mail, the sender an acknowledgement' })
  @ApiCreatedResponse({ type: ContactReceivedDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiTooManyRequestsResponse({ type: ErrorBody })
  async create(@Body() dto: CreateContactMessageDto, @CurrentUser() user: AuthUser | undefined): Promise<ContactReceivedDto> {
    const id = await this.contact.receive(dto, user);
    return { message: 'Thank you for your message! We will get back to you soon.', id };
  }

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: 'Contact messages (admins), newest first' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  @ApiQuery({ name: 'range', required: false, description: 'react-admin range, e.g. [0,24]' })
  @ApiQuery({ name: 'sort', required: false, description: 'e.g. ["createdAt","DESC"]' })
  @ApiQuery({ name: 'filter', required: false, description: 'JSON: {"q":"text","handled":false}' })
  @ApiOkResponse({ type: [ContactMessageDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiBadRequestResponse({ type: ErrorBody })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<ContactMessageDto[]> {
    const page = await this.contact.list(query);
    setListHeaders(res, 'contact', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'One contact message (admins)' })
  @ApiOkResponse({ type: ContactMessageDto })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Message not found' })
  get(@Param('id') id: string): Promise<ContactMessageDto> {
    return this.contact.get(messageId(id));
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Mark a message handled, or not handled again (admins)' })
  @ApiOkResponse({ type: ContactMessageDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Message not found' })
  update(@Param('id') id: string, @Body() dto: UpdateContactMessageDto, @CurrentUser() user: AuthUser): Promise<ContactMessageDto> {
    return this.contact.setHandled(messageId(id), dto.handled, user);
  }
}
