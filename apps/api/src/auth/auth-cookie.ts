import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '@shop/config';

export const AUTH_COOKIE = 'jwt';

function options(config: AppConfig): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: '/' };
}

export function setAuthCookie(res: FastifyReply, config: AppConfig, token: string, expiresAt: string): void {
  res.setCookie(AUTH_COOKIE, token, { ...options(config), expires: new Date(expiresAt) });
}

export function clearAuthCookie(res: FastifyReply, config: AppConfig): void {
  res.clearCookie(AUTH_COOKIE, options(config));
}

/** The token of an `Authorization: Bearer …` header, or undefined (other schemes, and "null"/"undefined" sent by careless clients). */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match && match[1] !== 'null' && match[1] !== 'undefined' ? match[1] : undefined;
}

const AUTH_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${AUTH_COOKIE}=([^;]*)`);

/** True when a Cookie header holds the session cookie (read before the cookies are parsed). */
export function hasAuthCookie(header: string | undefined): boolean {
  return header !== undefined && AUTH_COOKIE_VALUE.test(header);
}
