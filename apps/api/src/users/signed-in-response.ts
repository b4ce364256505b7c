import type { FastifyReply } from 'fastify';
import type { AppConfig } from '@shop/config';
import { setAuthCookie } from '../auth/auth-cookie';
import type { UserInfoDto } from './dto/user-info.dto';

/** Every sign-in answers the user info with its token and also sets the jwt cookie. */
export async function respondSignedIn(res: FastifyReply, config: AppConfig, info: Promise<UserInfoDto>): Promise<UserInfoDto> {
  const result = await info;
  setAuthCookie(res, config, result.token, result.expiresAt);
  return result;
}
