import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (for a process a test starts). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A fixed wait, for the few tests that are about real time (a fault test's outage, a load generator's pace): each
 * call needs an eslint-disable comment that says why (eslint.config.mjs refuses sleeps in tests). To wait for work,
 * use until().
 */
// eslint-disable-next-line no-restricted-syntax -- the helper itself; every call of it is checked where it is made
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls check every everyMs until it returns a value (not undefined); throws after timeoutMs naming what it waited for. */
export async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
  what = 'condition',
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    // eslint-disable-next-line no-restricted-syntax -- the poll interval of until(), the one place a test waits between looks at the event it waits for
    await sleep(everyMs);
  }
}
