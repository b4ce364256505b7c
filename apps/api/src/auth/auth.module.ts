import { Global, Module } from '@nestjs/common';
import { UsersDataModule } from '@shop/database';
import { APP_GUARD } from '@nestjs/core';
import { AuthService } from './auth.service';
import { AuthenticationGuard } from './authentication.guard';
import { GoogleIdentityService } from './google-identity.service';
import { LoginAttemptsService } from './login-attempts.service';
import { SessionCache, SessionInvalidation } from './session-cache';
import { TokenService } from './token.service';
import { APP_CONFIG, type AppConfig } from '@shop/config';

/** Sessions and the global authentication guard. @Auth() and @CurrentUser() work in every module. */
@Global()
@Module({
  imports: [UsersDataModule],
  providers: [
    TokenService,
    AuthService,
    LoginAttemptsService,
    GoogleIdentityService,
    { provide: SessionCache, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new SessionCache(config.sessionCacheTtlMs) },
    SessionInvalidation,
    { provide: APP_GUARD, useClass: AuthenticationGuard },
  ],
  exports: [TokenService, AuthService, LoginAttemptsService, GoogleIdentityService],
})
export class AuthModule {}
