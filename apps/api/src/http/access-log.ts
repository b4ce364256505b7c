import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino, { stdSerializers, type Logger } from 'pino';
import type { AppConfig } from '@shop/config';

/** What an access-log line says about the request. */
export interface LoggedRequest {
  id: string;
  method: string;
  url: string;
  remoteAddress: string;
}

/** What an access-log line says about the answer. */
export interface LoggedResponse {
  statusCode: number;
  contentLength: number | undefined;
}

/**
 * The request as a log line shows it: its id, method, URL (as asked) and client (behind TRUST_PROXY_HOPS proxies,
 * the address they name). No headers at all, so no token, cookie or other credential can reach a log (nothing to
 * redact), and a line is ~250 bytes.
 */
export function logRequest(req: FastifyRequest): LoggedRequest {
  return { id: req.id, method: req.method, url: req.raw.url ?? req.url, remoteAddress: req.ip };
}

/** The answer as a log line shows it: status and size (the request id is on the request). */
export function logResponse(reply: FastifyReply): LoggedResponse {
  const length = reply.raw.getHeader('content-length');
  return { statusCode: reply.statusCode, contentLength: length === undefined ? undefined : Number(length) };
}

/**
 * The API's one pino logger: the Nest logger (nestjs-pino) and the access log write through it. Asynchronous
 * stdout: lines written while a write is under way go out together, instead of one blocking write per request
 * (pino flushes them on exit).
 */
export function createApiLogger(config: Pick<AppConfig, 'logLevel'>, destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false })): Logger {
  return pino({ level: config.logLevel, serializers: { err: stdSerializers.err } }, destination);
}

/** Health probes come every few seconds from the orchestrator: their lines would bury the rest. */
const isHealthProbe = (url: string) => url.startsWith('/api/health');

/**
 * One line per answered request, written when the answer is finished: the request (id, method, URL, client),
 * the status and size, and the time taken in milliseconds. A 5xx is logged at the error level as
 * "request errored", anything else at info as "request completed"; health probes are not logged.
 *
 * It is a Fastify onResponse hook rather than pino-http's middleware, which made a child logger and an
 * AsyncLocalStorage context for every request: on Node 20 the latter turns on promise hooks for every promise
 * of the process. Errors keep their own context: the exception filter logs the request id with them.
 */
export function registerAccessLog(fastify: FastifyInstance, logger: Logger): void {
  if (!logger.isLevelEnabled('info') && !logger.isLevelEnabled('error')) return;
  fastify.addHook('onResponse', (req, reply, done) => {
    if (!isHealthProbe(req.url)) {
      const line = { req: logRequest(req), res: logResponse(reply), responseTime: Math.round(reply.elapsedTime) };
      if (reply.statusCode >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    }
    done();
  });
}
