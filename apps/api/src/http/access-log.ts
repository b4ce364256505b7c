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
  return { id: req.id, method: req.method, url: req.url, remoteAddress: req.ip };
}

/** The answer as a log line shows it: status and size (the request id is on the request). */
export function logResponse(reply: FastifyReply): LoggedResponse {
  const length = reply.raw.getHeader('content-length');
  return { statusCode: reply.statusCode, contentLength: length === undefined ? undefined : Number(length) };
}

/**
 * Asynchronous stdout: lines written while a write is under way go out together, instead of one blocking write per
 * request, and pino flushes what is pending when the process exits. Each line is encoded once, as it comes: in its
 * default mode sonic-boom appends lines to one pending string and measures that whole string's UTF-8 length again
 * for every line (up to 16 KB, flattened anew each time), which under load cost more than writing the line.
 */
export function stdoutDestination(fd = 1): LogDestination {
  const out = pino.destination({ dest: fd, sync: false, contentMode: 'buffer' });
  // In buffer mode sonic-boom takes Buffers; its typings only name strings.
  const writeBuffer = out.write.bind(out) as unknown as (chunk: Buffer) => boolean;
  return {
    write: (line: string) => writeBuffer(Buffer.from(line, 'utf8')),
    flushSync: () => out.flushSync(),
  };
}

/** Where the API's log lines go: pino writes each line, and what is pending can be written out at once. */
export interface LogDestination extends pino.DestinationStream {
  flushSync(): void;
}

/** The API's one pino logger: the Nest logger (nestjs-pino) and the access log write through it. */
export function createApiLogger(config: Pick<AppConfig, 'logLevel'>, destination: pino.DestinationStream = stdoutDestination()): Logger {
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
  // Below error level, nothing is logged (5xx are logged at error, the rest at info).
  if (!logger.isLevelEnabled('error')) return;
  const write = accessLineWriter(logger);
  fastify.addHook('onResponse', (req, reply, done) => {
    if (!isHealthProbe(req.url)) {
      const line = { req: logRequest(req), res: logResponse(reply), responseTime: Math.round(reply.elapsedTime) };
      if (reply.statusCode >= 500) write('error', line, 'request errored');
      else write('info', line, 'request completed');
    }
    done();
  });
}

type AccessLine = { req: LoggedRequest; res: LoggedResponse; responseTime: number };

/**
 * Writes an access line to the logger's stream as pino itself would write it (level, time, the logger's bindings
 * such as pid and hostname, the fields, msg), in one JSON.stringify per object instead of pino's walk over every
 * key: the line is written for every request. A spec checks that both give the same line.
 */
export function accessLineWriter(logger: Logger): (level: 'info' | 'error', line: AccessLine, msg: string) => void {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as pino.DestinationStream | undefined;
  const bindings = internals[pino.symbols.chindingsSym];
  const levels = { info: logger.levels.values.info, error: logger.levels.values.error };
  if (!stream || typeof bindings !== 'string' || internals[pino.symbols.messageKeySym] !== 'msg') {
    return (level, line, msg) => logger[level](line, msg);
  }
  return (level, line, msg) => {
    if (!logger.isLevelEnabled(level)) return;
    stream.write(
      `{"level":${levels[level]},"time":${Date.now()}${bindings},"req":${JSON.stringify(line.req)},"res":${JSON.stringify(line.res)},"responseTime":${line.responseTime},"msg":${JSON.stringify(msg)}}\n`,
    );
  };
}
