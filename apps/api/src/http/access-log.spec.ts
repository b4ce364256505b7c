import Fastify, { type FastifyReply } from 'fastify';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { accessLineWriter, createApiLogger, registerAccessLog, stdoutDestination } from './access-log';

/** Serves requests through a Fastify app with the API's access log and returns the lines it wrote. */
async function logLinesFor(
  requests: Array<{ method?: 'GET' | 'POST'; url: string; headers?: Record<string, string> }>,
  answer: (reply: FastifyReply) => unknown,
): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({ genReqId: () => 'req-1234abcd' });
  registerAccessLog(app, createApiLogger({ logLevel: 'info' }, sink));
  app.all('/*', async (_req, reply) => answer(reply));
  try {
    for (const { method = 'GET', url, headers } of requests)
      await app.inject({ method, url, headers, remoteAddress: '127.0.0.1', ...(method === 'POST' ? { payload: '{}' } : {}) });
  } finally {
    await app.close();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('access log lines', () => {
  it('name the request and the answer in a few fields', async () => {
    const [line, ...more] = await logLinesFor([{ method: 'POST', url: '/api/cart?x=1', headers: { 'content-type': 'application/json' } }], (reply) =>
      reply.code(201).header('content-type', 'application/json').send('{"ok":true}'),
    );
    expect(more).toEqual([]);
    expect(line.level).toBe(30);
    expect(line.msg).toBe('request completed');
    expect(line.req).toEqual({ id: 'req-1234abcd', method: 'POST', url: '/api/cart?x=1', remoteAddress: '127.0.0.1' });
    expect(line.res).toEqual({ statusCode: 201, contentLength: 11 });
    expect(typeof line.responseTime).toBe('number');
  });

  it('never carry a token, a cookie or any other header, asked or answered', async () => {
    const [line] = await logLinesFor(
      [
        {
          url: '/api/users/me',
          headers: { authorization: 'Bearer secret-token-value', cookie: 'jwt=secret-cookie-value', 'x-api-key': 'secret-key-value' },
        },
      ],
      (reply) => reply.header('set-cookie', 'jwt=secret-set-cookie; HttpOnly').send('done'),
    );
    const text = JSON.stringify(line);
    for (const secret of ['secret-token-value', 'secret-cookie-value', 'secret-key-value', 'secret-set-cookie']) expect(text).not.toContain(secret);
    expect(line.req).not.toHaveProperty('headers');
    expect(line.res).toEqual({ statusCode: 200, contentLength: 4 });
  });

  it('log a server error at the error level, and leave health probes out', async () => {
    const lines = await logLinesFor([{ url: '/api/health/ready' }, { url: '/api/products' }], (reply) => reply.code(503).send({ statusCode: 503 }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'request errored', req: { url: '/api/products' }, res: { statusCode: 503 } });
  });
});

describe('the access line writer', () => {
  it("writes the very line pino writes for the same fields, at the logger's levels", () => {
    const written: string[] = [];
    const logger = createApiLogger({ logLevel: 'info' }, { write: (line: string) => void written.push(line) });
    const line = {
      req: { id: 'req-1', method: 'GET', url: '/api/products?q="scarf"\\é', remoteAddress: '::1' },
      res: { statusCode: 200, contentLength: undefined },
      responseTime: 3,
    };
    accessLineWriter(logger)('info', line, 'request completed');
    logger.info(line, 'request completed');
    accessLineWriter(logger)('error', { ...line, res: { statusCode: 503, contentLength: 12 } }, 'request errored');
    logger.error({ ...line, res: { statusCode: 503, contentLength: 12 } }, 'request errored');
    const withoutTime = (text: string) => text.replace(/"time":\d+/, '"time":0');
    expect(written).toHaveLength(4);
    expect(withoutTime(written[0])).toBe(withoutTime(written[1]));
    expect(withoutTime(written[2])).toBe(withoutTime(written[3]));
    expect(JSON.parse(written[0])).toMatchObject({ level: 30, pid: process.pid, req: line.req, res: { statusCode: 200 }, msg: 'request completed' });

    // A logger at the error level writes only the errors.
    const quiet: string[] = [];
    const errorsOnly = createApiLogger({ logLevel: 'error' }, { write: (text: string) => void quiet.push(text) });
    accessLineWriter(errorsOnly)('info', line, 'request completed');
    accessLineWriter(errorsOnly)('error', line, 'request errored');
    expect(quiet.map((text) => (JSON.parse(text) as { msg: string }).msg)).toEqual(['request errored']);
  });
});

describe('the API log destination', () => {
  it('writes every line whole and in order, and writes out what is pending at once when asked (as on exit)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'access-log-'));
    const fd = openSync(join(dir, 'api.log'), 'w');
    try {
      const destination = stdoutDestination(fd);
      const logger = createApiLogger({ logLevel: 'info' }, destination);
      // Enough lines, written in one go, that most wait behind the first write; one with characters beyond ASCII.
      for (let i = 0; i < 5000; i += 1) logger.info({ n: i, url: i === 2500 ? '/api/products?q=écharpe€' : '/api/products' }, 'request completed');
      destination.flushSync();
      const lines = readFileSync(join(dir, 'api.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { n: number; url: string });
      expect(lines.map((line) => line.n)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
      expect(lines[2500].url).toBe('/api/products?q=écharpe€');
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
