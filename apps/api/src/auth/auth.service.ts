import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { isDuplicateKeyError, UsersRepository, type UserDocument, hashPassword, verifyPassword } from '@shop/database';
import { conflict, unauthorized } from '../common/domain-error';
import type { RegisterDto, LoginDto } from '../users/dto/register.dto';
import { UserDto, type UserInfoDto } from '../users/dto/user-info.dto';
import type { AuthUser } from './auth-user';
import { LoginAttemptsService } from './login-attempts.service';
import { TokenService } from './token.service';

/** A hash to verify against when the e-mail is unknown, so both failures cost the same time. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    private readonly attempts: LoginAttemptsService,
  ) {}

  /** The user info with a fresh session token. */
  async signIn(user: UserDocument): Promise<UserInfoDto> {
    const { token, expiresAt } = await this.tokens.issue(user._id.toString());
    return { ...UserDto.from(user), token, expiresAt };
  }

  async register(dto: RegisterDto, extra: { isDistributor?: boolean; storeName?: string } = {}): Promise<UserDocument> {
    try {
      return await this.users.create({ username: dto.username, email: dto.email, passwordHash: await hashPassword(dto.password), ...extra });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw conflict('EMAIL_TAKEN', 'User already exists', { email: 'This e-mail is already registered' });
      throw error;
    }
  }

  /**
   * The same 401 for an unknown e-mail and a wrong password. Past MAX_FAILED_SIGN_INS failures for one
   * e-mail within the window, every attempt on it answers 429 (even with the right password).
   */
  async verifyCredentials(dto: LoginDto): Promise<UserDocument> {
    await this.attempts.assertAllowed(dto.email);
    const user = await this.users.findByEmailWithPassword(dto.email);
    const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), dto.password);
    if (!user || !user.passwordHash || !ok) {
      await this.attempts.recordFailure(dto.email);
      throw unauthorized('INVALID_CREDENTIALS', 'Invalid email or password');
    }
    await this.attempts.reset(dto.email);
    return user;
  }

  async logout(user: AuthUser | undefined): Promise<void> {
    if (user) await this.tokens.revoke(user.jti, user.exp);
  }
}
