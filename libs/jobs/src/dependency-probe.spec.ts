import { checkAll, notReadyMessage, pingRedis, probe } from './dependency-probe';

describe('dependency probes', () => {
  it('a check that answers in time is up; one that fails is down with its reason; one that hangs is down at the deadline', async () => {
    expect(await probe(async () => undefined)).toEqual({ status: 'up' });
    expect(await probe(() => Promise.reject(new Error('not connected (reconnecting)')))).toEqual({
      status: 'down',
      message: 'not connected (reconnecting)',
    });
    const started = Date.now();
    expect(await probe(() => new Promise<void>(() => undefined), 50)).toEqual({ status: 'down', message: 'no answer within 50 ms' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a Redis connection is down unless ready, without sending a PING that ioredis would queue', async () => {
    const ping = jest.fn(async () => 'PONG');
    await expect(pingRedis({ status: 'reconnecting', ping })).rejects.toThrow('not connected (reconnecting)');
    expect(ping).not.toHaveBeenCalled();
    await expect(pingRedis({ status: 'ready', ping })).resolves.toBeUndefined();
    await expect(pingRedis({ status: 'ready' })).resolves.toBeUndefined();
  });

  it("a failed PING is reported by its code, never by the message that names the server's address", async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:6379'), { code: 'ECONNREFUSED' });
    await expect(pingRedis({ status: 'ready', ping: () => Promise.reject(refused) })).rejects.toThrow('PING failed (ECONNREFUSED)');
    await expect(pingRedis({ status: 'ready', ping: async () => 'LOADING' })).rejects.toThrow('unexpected answer LOADING');
  });

  it('checkAll names every dependency and is ready only when all are up; the message lists the ones down', async () => {
    const all = await checkAll({
      mongodb: async () => undefined,
      redis: () => Promise.reject(new Error('not connected (end)')),
      'queue:mail': async () => undefined,
    });
    expect(all).toEqual({
      ready: false,
      checks: { mongodb: { status: 'up' }, redis: { status: 'down', message: 'not connected (end)' }, 'queue:mail': { status: 'up' } },
    });
    expect(notReadyMessage(all.checks)).toBe('Not ready: redis (not connected (end)) unavailable');
    expect(await checkAll({ mongodb: async () => undefined })).toEqual({ ready: true, checks: { mongodb: { status: 'up' } } });
  });
});
