import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp } from 'pino-http';
import { accessLogSerializers } from './access-log';

/** Serves one request through pino-http configured like the API and returns the access-log line it wrote. */
async function logLineFor(headers: Record<string, string>, answer: (res: ServerResponse) => void): Promise<Record<string, unknown>> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = pinoHttp({ serializers: accessLogSerializers, wrapSerializers: false, genReqId: () => 'req-1234abcd' }, sink);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    log(req, res);
    answer(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/cart?x=1', method: 'POST', headers }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end('{}');
    });
    for (let i = 0; i < 50 && lines.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  } finally {
    server.close();
  }
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]) as Record<string, unknown>;
}

describe('access log lines', () => {
  it('name the request and the answer in a few fields', async () => {
    const line = await logLineFor({ 'content-type': 'application/json' }, (res) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Content-Length', '11');
      res.statusCode = 201;
      res.end('{"ok":true}');
    });
    expect(line.req).toEqual({ id: 'req-1234abcd', method: 'POST', url: '/api/cart?x=1', remoteAddress: '127.0.0.1' });
    expect(line.res).toEqual({ statusCode: 201, contentLength: 11 });
    expect(typeof line.responseTime).toBe('number');
  });

  it('never carry a token, a cookie or any other header, asked or answered', async () => {
    const line = await logLineFor({ authorization: 'Bearer secret-token-value', cookie: 'jwt=secret-cookie-value', 'x-api-key': 'secret-key-value' }, (res) => {
      res.setHeader('Set-Cookie', 'jwt=secret-set-cookie; HttpOnly');
      res.end('done');
    });
    const text = JSON.stringify(line);
    for (const secret of ['secret-token-value', 'secret-cookie-value', 'secret-key-value', 'secret-set-cookie']) expect(text).not.toContain(secret);
    expect(line.req).not.toHaveProperty('headers');
    expect(line.res).toEqual({ statusCode: 200, contentLength: undefined });
  });
});
