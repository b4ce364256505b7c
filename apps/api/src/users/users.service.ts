import { Injectable } from '@nestjs/common';
import {
  isDuplicateKeyError,
  UsersRepository,
  type UserChanges,
  type UserDocument,
  type UserListFilter,
  type UserListOptions,
  hashPassword,
  verifyPassword,
} from '@shop/database';
import type { AuthUser } from '../auth/auth-user';
import { AuthService } from '../auth/auth.service';
import { LoginAttemptsService } from '../auth/login-attempts.service';
import { badRequest, conflict, forbidden, notFound } from '../common/domain-error';
import { parseListQuery, type ListSpec } from '../common/list-query';
import { parseObjectId } from '../common/object-id';
import { AccountRemovalService } from './account-removal.service';
import type { AdminUpdateUserDto } from './dto/admin-user.dto';
import type { UpdateProfileDto } from './dto/profile.dto';
import { UserDto, type UserInfoDto } from './dto/user-info.dto';
import type { UserListQueryDto } from './dto/user-list-query.dto';
import type { UpdateUserRolesDto } from './dto/user-roles.dto';

const USER_LIST: ListSpec = {
  sortable: ['createdAt', 'username', 'email', '_id', 'isAdmin'],
  defaultSort: { field: 'createdAt', order: -1 },
  filterable: { q: 'string', isAdmin: 'boolean', isDistributor: 'boolean' },
  defaultPageSize: 25,
  maxPageSize: 100,
};

export interface UserPage {
  items: UserDto[];
  skip: number;
  total: number;
}

const emailTaken = () => conflict('EMAIL_TAKEN', 'User already exists', { email: 'This e-mail is already registered' });

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly attempts: LoginAttemptsService,
    private readonly removal: AccountRemovalService,
  ) {}

  async profile(caller: AuthUser): Promise<UserDto> {
    const user = await this.users.findById(caller.objectId);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    return UserDto.from(user);
  }

  /**
   * Changes username, e-mail and/or password of the caller. A new e-mail or password needs the current
   * password; a new password voids every earlier token. Answers the user info with a fresh token, so
   * the client can replace its stored user and keep its session.
   */
  async updateProfile(caller: AuthUser, dto: UpdateProfileDto): Promise<UserInfoDto> {
    if (dto._id !== undefined && dto._id !== caller.id) throw forbidden('NOT_YOUR_PROFILE', 'You can only update your own profile');
    const user = await this.users.findByIdWithPassword(caller.objectId);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');

    const emailChanges = dto.email !== undefined && dto.email !== user.email;
    const passwordChanges = dto.password !== undefined;
    if (emailChanges || passwordChanges) await this.checkCurrentPassword(user, dto, emailChanges);

    const changes: UserChanges = {};
    if (dto.username !== undefined) changes.username = dto.username;
    if (emailChanges) changes.email = dto.email;
    if (dto.password !== undefined) {
      changes.passwordHash = await hashPassword(dto.password);
      changes.tokensValidAfter = new Date();
    }
    const updated = await this.save(user, changes);
    return this.auth.signIn(updated);
  }

  private async checkCurrentPassword(user: UserDocument, dto: UpdateProfileDto, emailChanges: boolean): Promise<void> {
    if (!user.passwordHash) {
      // An account that only signs in with Google may set a first password; its e-mail is Google's.
      if (emailChanges) throw badRequest('PASSWORD_REQUIRED', 'Set a password before changing the e-mail', { email: 'Set a password first' });
      return;
    }
    if (!dto.currentPassword) {
      throw badRequest('CURRENT_PASSWORD_REQUIRED', 'Please enter your current password to change the e-mail or password', {
        currentPassword: 'Current password is required',
      });
    }
    await this.attempts.assertAllowed(user.email);
    if (!(await verifyPassword(user.passwordHash, dto.currentPassword))) {
      await this.attempts.recordFailure(user.email);
      throw badRequest('WRONG_CURRENT_PASSWORD', 'Current password is incorrect', { currentPassword: 'Current password is incorrect' });
    }
  }

  private async save(user: UserDocument, changes: UserChanges): Promise<UserDocument> {
    if (Object.keys(changes).length === 0) return user;
    try {
      const updated = await this.users.update(user._id, changes);
      if (!updated) throw notFound('USER_NOT_FOUND', 'User not found');
      return updated;
    } catch (error) {
      if (isDuplicateKeyError(error)) throw emailTaken();
      throw error;
    }
  }

  // ---- admin ----

  async list(query: UserListQueryDto): Promise<UserPage> {
    const { skip, limit, sort, filter } = parseListQuery(query, USER_LIST);
    const typed: UserListFilter = {};
    if (typeof filter.q === 'string' && filter.q.trim()) typed.q = filter.q.trim();
    if (typeof filter.isAdmin === 'boolean') typed.isAdmin = filter.isAdmin;
    if (typeof filter.isDistributor === 'boolean') typed.isDistributor = filter.isDistributor;
    if (Array.isArray(filter._id)) typed.ids = filter._id;
    const options: UserListOptions = { skip, limit, sort: { field: sort.field as UserListOptions['sort']['field'], order: sort.order } };
    const { items, total } = await this.users.list(typed, options);
    return { items: items.map((u) => UserDto.from(u)), skip, total };
  }

  private async load(idText: string): Promise<UserDocument> {
    const id = parseObjectId(idText);
    const user = id && (await this.users.findById(id));
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    return user;
  }

  async get(idText: string): Promise<UserDto> {
    return UserDto.from(await this.load(idText));
  }

  async adminUpdate(idText: string, dto: AdminUpdateUserDto): Promise<UserDto> {
    const user = await this.load(idText);
    const changes: UserChanges = {};
    if (dto.username !== undefined) changes.username = dto.username;
    if (dto.email !== undefined && dto.email !== user.email) changes.email = dto.email;
    return UserDto.from(await this.save(user, changes));
  }

  /**
   * Grants or revokes the admin and distributor roles. The last admin cannot be demoted: the count is checked
   * before the write and again after it, and a demotion that left no admin (two admins demoting each other at
   * once) is put back and refused.
   */
  async setRoles(idText: string, dto: UpdateUserRolesDto): Promise<UserDto> {
    if (dto.isAdmin === undefined && dto.isDistributor === undefined) {
      throw badRequest('VALIDATION_FAILED', 'Give isAdmin and/or isDistributor', { isAdmin: 'isAdmin or isDistributor is required' });
    }
    const user = await this.load(idText);
    const demotes = dto.isAdmin === false && user.isAdmin;
    const lastAdmin = () => conflict('LAST_ADMIN', 'The last admin cannot be demoted: make another user admin first');
    if (demotes && (await this.users.countAdmins()) <= 1) throw lastAdmin();
    const updated = await this.users.setRoles(user._id, { isAdmin: dto.isAdmin, isDistributor: dto.isDistributor });
    if (!updated) throw notFound('USER_NOT_FOUND', 'User not found');
    if (demotes && (await this.users.countAdmins()) === 0) {
      await this.users.setRoles(user._id, { isAdmin: true });
      throw lastAdmin();
    }
    return UserDto.from(updated);
  }

  async adminDelete(idText: string): Promise<void> {
    const user = await this.load(idText);
    if (user.isAdmin) throw badRequest('ADMIN_NOT_DELETABLE', 'Cannot delete an admin user');
    await this.removal.remove(user._id);
  }
}
