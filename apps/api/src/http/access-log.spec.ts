import Fastify, { type FastifyReply } from 'fastify';
import { Writable } from 'node:stream';
import { createApiLogger, registerAccessLog } from './access-log';

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
    for (const { method = 'GET', url, headers } of requests) await app.inject({ method, url, headers, remoteAddress: '127.0.0.1', ...(method === 'POST' ? { payload: '{}' } : {}) });
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
      [{ url: '/api/users/me', headers: { authorization: 'Bearer secret-token-value', cookie: 'jwt=secret-cookie-value', 'x-api-key': 'secret-key-value' } }],
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
