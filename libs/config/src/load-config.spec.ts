import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './config.error';
import { loadConfig } from './load-config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'cfg-'));

describe('loadConfig', () => {
  it('applies the run-contract defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.redisPrefix).toBe('shop');
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.rateLimitAuth).toBe(10);
    expect(config.mongodbUri).toBeUndefined();
    expect(config.outboxDir).toBe(join(dir, 'outbox'));
    expect(config.orderAlertEmail).toBeUndefined();
  });

  it('sends the new-order e-mail to ORDER_ALERT_EMAIL, lower-cased', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ORDER_ALERT_EMAIL: ' Owner@Shop.example ' }).orderAlertEmail).toBe('owner@shop.example');
  });

  it('keeps audit entries 365 days by default; AUDIT_RETENTION_DAYS=0 keeps them for ever', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).auditRetentionDays).toBe(365);
    expect(loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: '0' }).auditRetentionDays).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: '-1' })).toThrow(ConfigError);
  });

  it("keeps idle connections 65 s by default, past a load balancer's 60 s; KEEP_ALIVE_TIMEOUT_MS sets it within 1 s to 2 min", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).keepAliveTimeoutMs).toBe(65_000);
    expect(loadConfig({ DATA_DIR: dataDir(), KEEP_ALIVE_TIMEOUT_MS: '75000' }).keepAliveTimeoutMs).toBe(75_000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), KEEP_ALIVE_TIMEOUT_MS: '500' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), KEEP_ALIVE_TIMEOUT_MS: '600000' })).toThrow(ConfigError);
  });

  it('listens on every interface by default; HOST names one address, and a value that is no address is refused', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: ' 127.0.0.1 ' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '::' }).host).toBe('::');
    expect(() => loadConfig({ DATA_DIR: dataDir(), HOST: 'http://example.com' })).toThrow(ConfigError);
  });

  it('runs the worker health server only when WORKER_HEALTH_PORT is set (0 = any free port)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).workerHealthPort).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), WORKER_HEALTH_PORT: '3001' }).workerHealthPort).toBe(3001);
    expect(loadConfig({ DATA_DIR: dataDir(), WORKER_HEALTH_PORT: '0' }).workerHealthPort).toBe(0);
  });

  it('ships to a default list of countries; SHIP_TO_COUNTRIES sets it (codes upper-cased, repeats dropped, order kept)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shipToCountries).toEqual(expect.arrayContaining(['US', 'CA', 'GB', 'DE']));
    expect(loadConfig({ DATA_DIR: dataDir(), SHIP_TO_COUNTRIES: ' gb, us ,GB,fr' }).shipToCountries).toEqual(['GB', 'US', 'FR']);
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'secrets', 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ MONGODB_URI: 'not a url' }, 'MONGODB_URI'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_EMAIL'],
    [{ ORDER_ALERT_EMAIL: 'owner at shop' }, 'ORDER_ALERT_EMAIL'],
    [{ RATE_LIMIT_AUTH: '0' }, 'RATE_LIMIT_AUTH'],
    [{ WORKER_HEALTH_PORT: 'http' }, 'WORKER_HEALTH_PORT'],
    [{ SHIP_TO_COUNTRIES: 'US,UK' }, 'SHIP_TO_COUNTRIES'],
    [{ SHIP_TO_COUNTRIES: 'USA' }, 'SHIP_TO_COUNTRIES'],
    [{ SHIP_TO_COUNTRIES: 'EU' }, 'SHIP_TO_COUNTRIES'],
    [{ SHIP_TO_COUNTRIES: ' , ' }, 'SHIP_TO_COUNTRIES'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, 'STRIPE_SECRET_KEY'],
    [
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_PROTOCOL: 'ftp' },
      'STRIPE_API_PROTOCOL',
    ],
  ])('rejects %j with one line naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect((error as ConfigError).variable).toBe(variable);
    expect(message).toContain(variable);
    expect(message).not.toContain('\n');
  });

  it('card payments: all three Stripe keys or none; the API host, port and protocol may point elsewhere (tests)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).stripe).toBeUndefined();
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...keys }).stripe).toEqual({
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      webhookSecret: 'whsec_abc',
      apiHost: undefined,
      apiPort: undefined,
      apiProtocol: undefined,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), ...keys, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' }).stripe,
    ).toMatchObject({ apiHost: '127.0.0.1', apiPort: 12111, apiProtocol: 'http' });
  });
});
