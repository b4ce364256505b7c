import { Injectable } from '@nestjs/common';
import { isDuplicateKeyError, UsersRepository, type UserDocument } from '@shop/database';
import { AuthService } from '../auth/auth.service';
import { GoogleIdentityService, type GoogleIdentity } from '../auth/google-identity.service';
import { conflict, unauthorized } from '../common/domain-error';
import type { GoogleSignInDto } from './dto/google.dto';
import type { UserInfoDto } from './dto/user-info.dto';

function httpsUrl(text: string | undefined): string | undefined {
  if (!text) return undefined;
  try {
    return new URL(text).protocol === 'https:' ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Google sign-in: the verified credential decides the account. Known subject → that account; else an
 * account with the same (Google-verified) e-mail is linked; else a new account without a password.
 */
@Injectable()
export class GoogleAuthService {
  constructor(
    private readonly google: GoogleIdentityService,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
  ) {}

  /** Signs the Google user in (registering them when new) and answers the user info with a session token. */
  async signIn(dto: GoogleSignInDto): Promise<UserInfoDto> {
    return this.auth.signIn(await this.account(dto));
  }

  private async account(dto: GoogleSignInDto): Promise<UserDocument> {
    const identity = await this.google.verify(dto.credential);
    if (dto.googleId !== undefined && dto.googleId !== identity.sub)
      throw unauthorized('GOOGLE_MISMATCH', 'The Google credential does not match the account sent');
    if (dto.email !== undefined && dto.email !== identity.email)
      throw unauthorized('GOOGLE_MISMATCH', 'The Google credential does not match the account sent');
    try {
      return await this.findOrCreate(identity, dto);
    } catch (error) {
      // Two first sign-ins at once: the loser finds what the winner created.
      if (isDuplicateKeyError(error)) return this.findOrCreate(identity, dto);
      throw error;
    }
  }

  private async findOrCreate(identity: GoogleIdentity, dto: GoogleSignInDto): Promise<UserDocument> {
    const photoURL = httpsUrl(dto.photoURL) ?? httpsUrl(identity.picture);
    const known = await this.users.findByGoogleSub(identity.sub);
    if (known) return known;
    const sameEmail = await this.users.findByEmail(identity.email);
    if (sameEmail) {
      const linked = await this.users.linkGoogle(sameEmail._id, identity.sub, sameEmail.photoURL ? undefined : photoURL);
      if (!linked) throw conflict('GOOGLE_ACCOUNT_CONFLICT', 'This e-mail is already linked to another Google account');
      return linked;
    }
    const username = (dto.username ?? identity.name ?? identity.email.split('@')[0]).trim().slice(0, 50) || 'Google user';
    return this.users.create({ username, email: identity.email, googleSub: identity.sub, photoURL });
  }
}
