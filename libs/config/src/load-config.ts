import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { isSupportedCountry } from 'libphonenumber-js';
import { ConfigError } from './config.error';
import type { AppConfig, Env, StripeConfig } from './config.types';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

function str(env: Env, name: string): string | undefined {
  const value = env[name];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  return value;
}

function num(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(name, `must be a number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  const lower = raw.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

/** An optional e-mail address, lower-cased. */
function email(env: Env, name: string): string | undefined {
  const raw = str(env, name)?.toLowerCase();
  if (raw !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) throw new ConfigError(name, `must be an e-mail address (got "${raw}")`);
  return raw;
}

function url(env: Env, name: string, protocols: string[], fallback?: string): string | undefined {
  const raw = str(env, name) ?? fallback;
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL (got "${raw}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL (got "${raw}")`);
  }
  return raw;
}

/** Where the shop ships when SHIP_TO_COUNTRIES is unset: North America, the UK and Ireland, most of the EU's west, Australia and New Zealand. */
export const DEFAULT_SHIP_TO_COUNTRIES = ['US', 'CA', 'GB', 'IE', 'FR', 'DE', 'NL', 'BE', 'ES', 'IT', 'AT', 'SE', 'DK', 'AU', 'NZ'];

/**
 * SHIP_TO_COUNTRIES: ISO 3166-1 alpha-2 codes, comma-separated, case-insensitive. Each must be a country whose
 * phone numbers the checkout can check (libphonenumber-js knows it), so "UK" or "EU" are refused; repeats are dropped.
 */
function shipToCountries(env: Env): string[] {
  const raw = str(env, 'SHIP_TO_COUNTRIES');
  if (raw === undefined) return [...DEFAULT_SHIP_TO_COUNTRIES];
  const codes = raw
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  if (codes.length === 0) throw new ConfigError('SHIP_TO_COUNTRIES', `must list at least one country code (got "${raw}")`);
  for (const code of codes) {
    if (!/^[A-Z]{2}$/.test(code) || !isSupportedCountry(code)) {
      throw new ConfigError(
        'SHIP_TO_COUNTRIES',
        `must be ISO 3166-1 alpha-2 country codes separated by commas, like US,CA,GB ("${code}" is not one)`,
      );
    }
  }
  return [...new Set(codes)];
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Stripe: all three keys or none (half a configuration would offer a card that cannot be paid or confirmed). */
function stripeConfig(env: Env): StripeConfig | undefined {
  const [secretKey, publishableKey, webhookSecret] = STRIPE_KEYS.map((name) => str(env, name));
  if (!secretKey && !publishableKey && !webhookSecret) return undefined;
  const missing = STRIPE_KEYS.filter((name) => str(env, name) === undefined);
  if (missing.length > 0)
    throw new ConfigError(missing[0], `is required when any of ${STRIPE_KEYS.join(', ')} is set (set all three for card payments, or none)`);
  if (!/^(sk|rk)_(test|live)_/.test(secretKey as string))
    throw new ConfigError('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_test_… or sk_live_…)');
  if (!/^pk_(test|live)_/.test(publishableKey as string))
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY', 'must be a Stripe publishable key (pk_test_… or pk_live_…)');
  if (!/^whsec_/.test(webhookSecret as string)) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be a webhook signing secret (whsec_…)');
  const apiHost = str(env, 'STRIPE_API_HOST');
  if (apiHost !== undefined && !/^[A-Za-z0-9.-]+$/.test(apiHost)) throw new ConfigError('STRIPE_API_HOST', `must be a host name (got "${apiHost}")`);
  return {
    secretKey: secretKey as string,
    publishableKey: publishableKey as string,
    webhookSecret: webhookSecret as string,
    apiHost,
    apiPort: str(env, 'STRIPE_API_PORT') === undefined ? undefined : int(env, 'STRIPE_API_PORT', 443, 1, 65535),
    apiProtocol: str(env, 'STRIPE_API_PROTOCOL') === undefined ? undefined : oneOf(env, 'STRIPE_API_PROTOCOL', ['http', 'https'] as const, 'https'),
  };
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR, so sessions survive
 * restarts. Production must set it: a secret on local disk would differ between instances.
 */
function jwtSecret(env: Env, isProduction: boolean, dataDir: string): string {
  const given = str(env, 'JWT_SECRET');
  if (given !== undefined) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET', 'must have at least 32 characters');
    return given;
  }
  if (isProduction) throw new ConfigError('JWT_SECRET', 'is required when NODE_ENV=production');
  const file = join(dataDir, 'secrets', 'jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // not generated yet
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads and validates the whole configuration. Throws ConfigError on the first bad variable. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', NODE_ENVS, 'development');
  const isProduction = nodeEnv === 'production';
  const port = int(env, 'PORT', 3000, 0, 65535);
  const host = str(env, 'HOST') ?? '0.0.0.0';
  if (!/^[A-Za-z0-9.:%-]+$/.test(host)) throw new ConfigError('HOST', `must be a host name or an IP address (got "${host}")`);
  const dataDirRaw = str(env, 'DATA_DIR') ?? './.data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  const mongodbUri = url(env, 'MONGODB_URI', ['mongodb:', 'mongodb+srv:']);
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:'], 'redis://127.0.0.1:6379') as string;
  const redisPrefix = str(env, 'REDIS_PREFIX') ?? 'shop';
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(redisPrefix)) {
    throw new ConfigError('REDIS_PREFIX', `may use letters, digits and _ . : - only (got "${redisPrefix}")`);
  }
  const adminEmail = email(env, 'ADMIN_EMAIL');
  const adminPassword = str(env, 'ADMIN_PASSWORD');
  if (adminEmail !== undefined && adminPassword === undefined) {
    throw new ConfigError('ADMIN_PASSWORD', 'is required when ADMIN_EMAIL is set');
  }
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 128)) {
    throw new ConfigError('ADMIN_PASSWORD', 'must have 8 to 128 characters');
  }
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:'], `http://localhost:${port}`) as string).replace(/\/+$/, '');
  const corsOrigins = (str(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) url({ CORS_ORIGINS: origin }, 'CORS_ORIGINS', ['http:', 'https:']);

  return {
    nodeEnv,
    isProduction,
    port,
    host,
    dataDir,
    mongodbUri,
    mongodbDbName: str(env, 'MONGODB_DB') ?? 'shop',
    redisUrl,
    redisPrefix,
    jwtSecret: jwtSecret(env, isProduction, dataDir),
    jwtExpiresInDays: 30,
    adminEmail,
    adminPassword,
    seedDemo: bool(env, 'SEED_DEMO', true),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: str(env, 'MAIL_FROM') ?? 'Threadline <no-reply@threadline.shop>',
    orderAlertEmail: email(env, 'ORDER_ALERT_EMAIL'),
    outboxDir: join(dataDir, 'outbox'),
    publicUrl,
    googleClientId: str(env, 'GOOGLE_CLIENT_ID'),
    googleJwksUrl: url(env, 'GOOGLE_JWKS_URL', ['http:', 'https:'], 'https://www.googleapis.com/oauth2/v3/certs') as string,
    rateLimitAuth: int(env, 'RATE_LIMIT_AUTH', 10, 1, 1_000_000),
    rateLimitDefault: int(env, 'RATE_LIMIT_DEFAULT', 600, 1, 1_000_000_000),
    pageRateLimit: int(env, 'PAGE_RATE_LIMIT', 120, 1, 1_000_000_000),
    pageRateTtlMs: int(env, 'PAGE_RATE_TTL_MS', 60_000, 1000, 3_600_000),
    catalogCacheTtlMs: int(env, 'CATALOG_CACHE_TTL_MS', 10_000, 0, 3_600_000),
    catalogStockLagMs: int(env, 'CATALOG_STOCK_LAG_MS', 1000, 0, 60_000),
    sessionCacheTtlMs: int(env, 'SESSION_CACHE_TTL_MS', 5000, 0, 60_000),
    trustProxyHops: int(env, 'TRUST_PROXY_HOPS', 0, 0, 10),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 65_000, 1000, 120_000),
    corsOrigins: [publicUrl, ...corsOrigins],
    sweepEveryMs: int(env, 'SWEEP_EVERY_MS', 30_000, 100, 86_400_000),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365, 0, 36_500),
    workerHealthPort: str(env, 'WORKER_HEALTH_PORT') === undefined ? undefined : int(env, 'WORKER_HEALTH_PORT', 0, 0, 65535),
    taxRate: num(env, 'TAX_RATE', 0, 0, 1),
    shipToCountries: shipToCountries(env),
    reviewModeration: oneOf(env, 'REVIEW_MODERATION', ['post', 'pre'] as const, 'post'),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    webDistDir: resolve(cwd, str(env, 'WEB_DIST_DIR') ?? 'dist/web'),
    stripe: stripeConfig(env),
  };
}
