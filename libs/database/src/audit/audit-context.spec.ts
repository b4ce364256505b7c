import { AsyncLocalStorage } from 'node:async_hooks';
import { auditContext, type AuditRequest } from './audit-context';

const requestOf = (name: string): AuditRequest => ({
  actor: { id: name, name, email: `${name}@example.com` },
  method: 'PUT',
  route: '/api/things/:id',
  params: { id: name },
});
/** A turn of the event loop: what comes after runs in a later macrotask, as after any I/O. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('auditContext: the admin write a piece of code belongs to', () => {
  afterEach(() => expect(auditContext.openWrites()).toBe(0));

  it('follows a write through promises and timers, and is gone outside it', async () => {
    const ann = requestOf('ann');
    const seen = await auditContext.run(ann, async () => {
      await nextTurn();
      // eslint-disable-next-line no-restricted-syntax -- the context must survive a timer (setTimeout) the write starts
      const inTimer = await new Promise((resolve) => setTimeout(() => resolve(auditContext.current()), 1));
      return [auditContext.current(), inTimer];
    });
    expect(seen).toEqual([ann, ann]);
    expect(auditContext.current()).toBeUndefined();
  });

  it('keeps each of two overlapping writes apart, and keeps the later one open when the first ends', async () => {
    const ann = requestOf('ann');
    const bob = requestOf('bob');
    let releaseBob!: () => void;
    const bobMayGoOn = new Promise<void>((resolve) => (releaseBob = resolve));
    const bobsWrite = auditContext.run(bob, async () => {
      await bobMayGoOn;
      await nextTurn();
      return auditContext.current();
    });
    const annsWrite = auditContext.run(ann, async () => {
      await nextTurn();
      return auditContext.current();
    });
    expect(await annsWrite).toBe(ann);
    expect(auditContext.openWrites()).toBe(1);
    releaseBob();
    expect(await bobsWrite).toBe(bob);
  });

  it('ends when its request is answered: what the write left running afterwards is not audited', async () => {
    const ann = requestOf('ann');
    const bob = requestOf('bob');
    let releaseBob!: () => void;
    const bobMayGoOn = new Promise<void>((resolve) => (releaseBob = resolve));
    let annLater!: Promise<unknown>;
    let annsRequestAnswered!: () => void;
    const answered = new Promise<void>((resolve) => (annsRequestAnswered = resolve));
    const bobsWrite = auditContext.run(bob, async () => {
      await bobMayGoOn;
      return auditContext.current();
    });
    await auditContext.run(ann, async () => {
      // Work the write starts and does not wait for: it goes on once the request has been answered.
      annLater = answered.then(() => auditContext.current());
    });
    annsRequestAnswered();
    expect(await annLater).toBeUndefined();
    releaseBob();
    expect(await bobsWrite).toBe(bob);
  });

  it('ends when the function throws, and passes the error on', async () => {
    expect(() =>
      auditContext.open(requestOf('ann'), () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    await expect(auditContext.run(requestOf('ann'), () => Promise.reject(new Error('no')))).rejects.toThrow('no');
  });

  it('close() may be called twice without closing another write', () => {
    const first = auditContext.open(requestOf('ann'), () => 1);
    const second = auditContext.open(requestOf('bob'), () => 2);
    first.close();
    first.close();
    expect(auditContext.openWrites()).toBe(1);
    second.close();
  });

  // On Node 20 an enabled AsyncLocalStorage keeps a hook on every promise of the process; disabling it when the
  // last write closes turns the hooks off again (as long as no other storage is on).
  it('disables the storage when the last open write closes, and only then', () => {
    const disable = jest.spyOn(AsyncLocalStorage.prototype, 'disable');
    try {
      const first = auditContext.open(requestOf('ann'), () => undefined);
      const second = auditContext.open(requestOf('bob'), () => undefined);
      first.close();
      expect(disable).not.toHaveBeenCalled();
      second.close();
      expect(disable).toHaveBeenCalledTimes(1);
      const third = auditContext.open(requestOf('cy'), () => auditContext.current());
      expect(third.result?.actor.name).toBe('cy');
      third.close();
      expect(disable).toHaveBeenCalledTimes(2);
    } finally {
      disable.mockRestore();
    }
  });
});
