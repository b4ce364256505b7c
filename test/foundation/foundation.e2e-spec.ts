import { readdir } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JobsService } from '@shop/jobs';
import { readMail } from '../support/outbox';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

describe('foundation: the app boots on the embedded engine and the real Redis', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers /api/health with MongoDB and Redis up', async () => {
    const res = await stack.http().get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info.mongodb.status).toBe('up');
    expect(res.body.info.redis.status).toBe('up');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('queues a mail that the worker writes as an .eml into DATA_DIR/outbox', async () => {
    const jobs = stack.app.get(JobsService);
    const jobId = await jobs.enqueue('mail.password-reset', { to: 'ann@example.com', username: 'Ann', token: 'reset-token-123' }, 'foundation-test');
    const outbox = stack.config.outboxDir;
    const file = await until(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        return files.find((f) => f.endsWith('.eml') && f.includes(jobId));
      },
      15_000,
      'the .eml in the outbox',
    );
    const mail = await readMail(outbox, file);
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.links).toContain('http://shop.test/reset-password/reset-token-123');
    expect(mail.html).toContain('href="http://shop.test/reset-password/reset-token-123"');
  });

  it('collapses duplicate jobs with the same idempotency key', async () => {
    const jobs = stack.app.get(JobsService);
    const a = await jobs.enqueue('mail.welcome', { to: 'bob@example.com', username: 'Bob' }, 'user-42');
    const b = await jobs.enqueue('mail.welcome', { to: 'bob@example.com', username: 'Bob' }, 'user-42');
    expect(a).toBe(b);
  });

  it('answers unknown API paths with the JSON error shape, never HTML', async () => {
    const res = await stack.http().get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual(expect.objectContaining({ statusCode: 404, message: expect.any(String) }));
  });

  it('answers malformed JSON with 400 and no stack', async () => {
    // An operation that takes JSON (the body is parsed before routing, so any path would do; this one documents 400).
    const res = await stack.http().post('/api/users/auth').set('Content-Type', 'application/json').send('{"broken":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Malformed JSON body', code: 'MALFORMED_JSON' });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js:\d+/);
  });

  it('serves Swagger UI and the OpenAPI JSON', async () => {
    const json = await stack.http().get('/api/docs-json').expect(200);
    expect(json.body.openapi).toMatch(/^3\./);
    expect(json.body.paths['/api/health']).toBeDefined();
    const ui = await stack.http().get('/api/docs/').expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('sets security headers', async () => {
    const res = await stack.http().get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("keeps an idle connection open 65 s, past a load balancer's 60 s, and says so in Keep-Alive", async () => {
    const server = stack.app.getHttpServer() as Server;
    if (!server.listening) await stack.app.listen(0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/health/live', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers));
          })
          .on('error', reject);
      });
      expect(headers.connection).toBe('keep-alive');
      expect(headers['keep-alive']).toBe('timeout=65');
      expect(server.keepAliveTimeout).toBe(65_000);
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    } finally {
      agent.destroy();
    }
  });
});
