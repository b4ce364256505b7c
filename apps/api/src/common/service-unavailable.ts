import { DomainError } from './domain-error';

export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please retry';

/** 503: a backing service (Redis, the database) is away; the same call works again once it is back. */
export const serviceUnavailable = () => new DomainError(503, 'SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);

/** Fails at once, instead of waiting in ioredis' offline queue, when the connection is not up. */
export function assertRedisReady(redis: { status: string }): void {
  if (redis.status !== 'ready') throw serviceUnavailable();
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTCONN']);
const UNAVAILABLE_NAMES = new Set([
  'MaxRetriesPerRequestError',
  'QueueUnavailableError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);
const UNAVAILABLE_MESSAGES =
  /Connection is closed|Stream isn't writeable|enableOfflineQueue options is false|connection .* closed|ECONNREFUSED|ECONNRESET/i;

/**
 * Errors that mean "a backing service is away" rather than "this request is wrong" or "a bug": ioredis and
 * BullMQ connection failures and the MongoDB driver's network and server-selection errors.
 */
export function isUnavailableError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
  if (code === 'SERVICE_UNAVAILABLE') return true;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}
