/** The typed view of the run contract (docs/configuration.md). Only libs/config reads process.env. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** The address the API listens on (HOST): every interface by default. */
  host: string;
  dataDir: string;
  /** Real MongoDB when set; unset means the launcher or the tests start the embedded engine. */
  mongodbUri: string | undefined;
  /** Database name used when the URI names none. */
  mongodbDbName: string;
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
  jwtExpiresInDays: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Who gets the new-order e-mail; undefined: the first admin account (the oldest). */
  orderAlertEmail: string | undefined;
  outboxDir: string;
  publicUrl: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  rateLimitAuth: number;
  /** Requests per minute per client on every route (the global throttler). */
  rateLimitDefault: number;
  /** Pages (storefront and console, not their files) per PAGE_RATE_TTL_MS per client: the 'pages' throttler. */
  pageRateLimit: number;
  /** The window of the 'pages' throttler, in ms. */
  pageRateTtlMs: number;
  /** Lifetime of a cached public catalog answer in ms (0 turns the cache off); writes invalidate at once. */
  catalogCacheTtlMs: number;
  /** How long lists may show a product's old stock after an order (its own page never does). */
  catalogStockLagMs: number;
  /** How long a signed-in caller's account (roles, name) is kept in memory between requests (0 = read every time). */
  sessionCacheTtlMs: number;
  /** Express 'trust proxy' setting: how many proxy hops to trust for the client IP (0 = none). */
  trustProxyHops: number;
  /**
   * How long the API keeps an idle keep-alive connection open, in ms. Above a proxy's or load balancer's own
   * idle timeout (60 s on the common ones), so the server never closes a connection the proxy is about to reuse.
   */
  keepAliveTimeoutMs: number;
  corsOrigins: string[];
  /** How often the worker runs each crash-safety sweep (stock holds, restocks, order mails), in ms: once per interval across all replicas. */
  sweepEveryMs: number;
  /** How many days the audit log keeps an entry (0 = for ever); the worker's sweep.audit-log deletes older ones. */
  auditRetentionDays: number;
  /** Port of the worker's health server (/live, /ready) for probes; undefined = no server (WORKER_HEALTH_PORT unset). */
  workerHealthPort: number | undefined;
  /** Review moderation: 'post' shows a new review at once (an admin may reject it later), 'pre' holds it as pending until approved. */
  reviewModeration: 'post' | 'pre';
  /** Tax rate applied to orders, as a fraction (0.1 = 10 %). */
  taxRate: number;
  /** The countries the shop ships to: ISO 3166-1 alpha-2 codes, upper case, in the configured order (SHIP_TO_COUNTRIES). */
  shipToCountries: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Where the built web apps live (served at / and /admin when present). */
  webDistDir: string;
  /** Card payments through Stripe: all three keys set, or undefined (checkout then offers cash on delivery only). */
  stripe: StripeConfig | undefined;
}

/** Stripe's keys, and where its API is (api.stripe.com unless the tests point the SDK at their stand-in). */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** STRIPE_API_HOST/PORT/PROTOCOL: unset talks to api.stripe.com over https. */
  apiHost: string | undefined;
  apiPort: number | undefined;
  apiProtocol: 'http' | 'https' | undefined;
}

export type Env = Record<string, string | undefined>;
