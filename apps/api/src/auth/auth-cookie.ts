import type { CookieOptions, Response } from 'express';
import type { AppConfig } from '@shop/config';

export const AUTH_COOKIE = 'jwt';

function options(config: AppConfig): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: '/' };
}

export function setAuthCookie(res: Response, config: AppConfig, token: string, expiresAt: string): void {
  res.cookie(AUTH_COOKIE, token, { ...options(config), expires: new Date(expiresAt) });
}

export function clearAuthCookie(res: Response, config: AppConfig): void {
  res.clearCookie(AUTH_COOKIE, options(config));
}
