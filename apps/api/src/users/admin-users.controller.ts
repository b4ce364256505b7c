import { Body, Controller, Delete, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { setListHeaders } from '../common/list-query';
import { AdminUpdateUserDto } from './dto/admin-user.dto';
import { MessageDto, UserDto } from './dto/user-info.dto';
import { UsersService } from './users.service';

/**
 * User management for admins under /api/users. Registered after the other users controllers, so
 * fixed paths (profile, favorites, …) win over /:id.
 */
@ApiTags('users')
@Controller('users')
export class AdminUsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: 'List users (admins)', description: 'JSON array; total in X-Total-Count and Content-Range. filter keys: q (username/e-mail text), isAdmin, isDistributor, id.' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"ann","isAdmin":false}' })
  @ApiOkResponse({ type: UserDto, isArray: true })
  @ApiBadRequestResponse({ type: ErrorBody })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<UserDto[]> {
    const page = await this.users.list(query);
    setListHeaders(res, 'users', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'One user (admins)' })
  @ApiOkResponse({ type: UserDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  get(@Param('id') id: string): Promise<UserDto> {
    return this.users.get(id);
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({ summary: "Change a user's username and/or e-mail (admins)" })
  @ApiOkResponse({ type: UserDto })
  @ApiBadRequestResponse({ type: ErrorBody, description: 'Invalid input, or a field other than username and email' })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody, description: 'E-mail already registered' })
  update(@Param('id') id: string, @Body() dto: AdminUpdateUserDto): Promise<UserDto> {
    return this.users.adminUpdate(id, dto);
  }

  @Delete(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Delete a user (admins); admin accounts cannot be deleted', description: 'Removes the cart and favourites; orders stay with the personal data removed.' })
  @ApiOkResponse({ type: MessageDto })
  @ApiBadRequestResponse({ type: ErrorBody, description: 'Cannot delete an admin user' })
  @ApiNotFoundResponse({ type: ErrorBody })
  async remove(@Param('id') id: string): Promise<MessageDto> {
    await this.users.adminDelete(id);
    return { message: 'User deleted successfully' };
  }
}
