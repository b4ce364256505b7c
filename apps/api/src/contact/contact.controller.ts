import { Body, Controller, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { Types } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { ContactService } from './contact.service';
import { ContactListQueryDto } from './dto/contact-list-query.dto';
import { ContactMessageDto, ContactReceivedDto, ContactReplyInputDto, CreateContactMessageDto, UpdateContactMessageDto } from './dto/contact.dto';

/** Contact-form messages a client may send per window. */
export const CONTACT_LIMIT = { limit: 10, ttl: 3_600_000 };

/** A contact message id in the path (24 hex digits; anything else is 404 CONTACT_MESSAGE_NOT_FOUND). */
const MessageId = () => IdParam('id', 'CONTACT_MESSAGE_NOT_FOUND', 'Message not found');

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @Throttle({ default: CONTACT_LIMIT })
  @ApiOperation({ summary: 'Send a message to the shop (10 an hour per client); the admins get it by mail, the sender an acknowledgement' })
  @ApiCreatedResponse({ type: ContactReceivedDto })
  async create(@Body() dto: CreateContactMessageDto, @CurrentUser() user: AuthUser | undefined): Promise<ContactReceivedDto> {
    const id = await this.contact.receive(dto, user);
    return { message: 'Thank you for your message! We will get back to you soon.', id };
  }

  @Get()
  @Auth('admin')
  @ApiOperation({
    summary: 'Contact messages (admins), newest first',
    description:
      'JSON array; total in X-Total-Count and Content-Range. Sortable: createdAt (default, newest first), handled, email, subject, id. filter keys: q (text), handled, id (list of ids).',
  })
  @ApiOkResponse({ type: [ContactMessageDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiErrors('INVALID_QUERY')
  async list(@Query() query: ContactListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<ContactMessageDto[]> {
    const page = await this.contact.list(query);
    setListHeaders(res, 'contact', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'One contact message (admins)' })
  @ApiOkResponse({ type: ContactMessageDto })
  @ApiErrors('CONTACT_MESSAGE_NOT_FOUND')
  get(@MessageId() id: string): Promise<ContactMessageDto> {
    return this.contact.get(new Types.ObjectId(id));
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Mark a message handled, or not handled again (admins)' })
  @ApiOkResponse({ type: ContactMessageDto })
  @ApiErrors('CONTACT_MESSAGE_NOT_FOUND')
  update(@MessageId() id: string, @Body() dto: UpdateContactMessageDto, @CurrentUser() user: AuthUser): Promise<ContactMessageDto> {
    return this.contact.setHandled(new Types.ObjectId(id), dto.handled, user);
  }

  @Post(':id/replies')
  @Auth('admin')
  @ApiOperation({
    summary:
      'Answer a message (admins): the reply is mailed to the sender, kept in the thread with its author and time, and marks the message handled',
  })
  @ApiCreatedResponse({ type: ContactMessageDto, description: 'The message with its thread' })
  @ApiErrors('CONTACT_MESSAGE_NOT_FOUND', 'VALIDATION_FAILED')
  reply(@MessageId() id: string, @Body() dto: ContactReplyInputDto, @CurrentUser() user: AuthUser): Promise<ContactMessageDto> {
    return this.contact.reply(new Types.ObjectId(id), dto.message, user);
  }
}
