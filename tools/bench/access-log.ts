// The access log per request: the shop's onResponse hook (http/access-log.ts) against pino-http (the maintained
// request logger nestjs-pino wraps, here called from a Fastify hook without Nest's middleware runner) and plain pino
// calls, on one small JSON route; lines go to /dev/null through the shop's own asynchronous destination
// (docs/decisions/0036-plumbing-kept-after-review.md). Start one mode, then load it from another shell:
//   node -r ts-node/register/transpile-only tools/bench/access-log.ts <none|hand|pino|pino-http> 38412 [show]
//   npx autocannon -c 50 -d 10 http://127.0.0.1:38412/x
import { openSync } from 'node:fs';
import Fastify from 'fastify';
import { pinoHttp } from 'pino-http';
import { createApiLogger, logRequest, logResponse, registerAccessLog, stdoutDestination } from '../../apps/api/src/http/access-log';

async function main(): Promise<void> {
  const app = Fastify();
  const logger = createApiLogger({ logLevel: 'info' }, stdoutDestination(process.argv[4] === 'show' ? 1 : openSync('/dev/null', 'w')));
  const mode = process.argv[2];
  if (mode === 'hand') registerAccessLog(app, logger);
  if (mode === 'pino') {
    app.addHook('onResponse', (req, reply, done) => {
      logger.info({ req: logRequest(req), res: logResponse(reply), responseTime: Math.round(reply.elapsedTime) }, 'request completed');
      done();
    });
  }
  if (mode === 'pino-http') {
    const http = pinoHttp({
      logger,
      quietReqLogger: true,
      serializers: {
        req: (req: { id: string; method: string; url: string; remoteAddress: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number; headers: Record<string, unknown> }) => ({
          statusCode: res.statusCode,
          contentLength: res.headers['content-length'],
        }),
      },
      customLogLevel: (_req, res) => (res.statusCode >= 500 ? 'error' : 'info'),
    });
    app.addHook('onRequest', (req, reply, done) => {
      http(req.raw, reply.raw);
      done();
    });
  }
  app.get('/x', () => Promise.resolve({ ok: true, items: [1, 2, 3] }));
  await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
}
void main();
