import { Body, Controller, Delete, Get, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Auth } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { AdminUpdateUserDto } from './dto/admin-user.dto';
import { MessageDto, UserDto } from './dto/user-info.dto';
import { UserListQueryDto } from './dto/user-list-query.dto';
import { UpdateUserRolesDto } from './dto/user-roles.dto';
import { UsersService } from './users.service';

const UserId = () => IdParam('id', 'USER_NOT_FOUND', 'User not found');

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
  @ApiOperation({
    summary: 'List users (admins)',
    description:
      'JSON array; total in X-Total-Count and Content-Range. Sortable: createdAt (default, newest first), username, email, id, isAdmin. ' +
      'filter keys: q (username/e-mail text), isAdmin, isDistributor, id (list of ids).',
  })
  @ApiOkResponse({ type: UserDto, isArray: true })
  @ApiErrors('INVALID_QUERY')
  async list(@Query() query: UserListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserDto[]> {
    const page = await this.users.list(query);
    setListHeaders(res, 'users', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'One user (admins)' })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors('USER_NOT_FOUND')
  get(@UserId() id: string): Promise<UserDto> {
    return this.users.get(id);
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({ summary: "Change a user's username and/or e-mail (admins)", description: 'Any field other than username and email answers 400.' })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors('USER_NOT_FOUND', 'EMAIL_TAKEN')
  update(@UserId() id: string, @Body() dto: AdminUpdateUserDto): Promise<UserDto> {
    return this.users.adminUpdate(id, dto);
  }

  @Put(':id/roles')
  @Auth('admin')
  @ApiOperation({
    summary: 'Grant or revoke the admin and distributor roles (admins)',
    description:
      'Body: isAdmin and/or isDistributor (true grants, false revokes). The last admin cannot be demoted (409 LAST_ADMIN); ' +
      'an admin may demote themselves while another admin remains. Answers the updated user.',
  })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors('USER_NOT_FOUND', 'VALIDATION_FAILED', ['LAST_ADMIN', 409])
  setRoles(@UserId() id: string, @Body() dto: UpdateUserRolesDto): Promise<UserDto> {
    return this.users.setRoles(id, dto);
  }

  @Delete(':id')
  @Auth('admin')
  @ApiOperation({
    summary: 'Delete a user (admins); admin accounts cannot be deleted',
    description: 'Removes the cart and favourites; orders stay with the personal data removed.',
  })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors('USER_NOT_FOUND', 'ADMIN_NOT_DELETABLE')
  async remove(@UserId() id: string): Promise<MessageDto> {
    await this.users.adminDelete(id);
    return { message: 'User deleted successfully' };
  }
}
