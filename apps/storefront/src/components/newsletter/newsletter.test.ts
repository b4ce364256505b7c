import { describe, expect, it } from 'vitest';
import { submitNewsletter, type NewsletterDeps } from './newsletter-logic';

function harness(subscribe: NewsletterDeps['subscribe']) {
  const log: string[] = [];
  const deps: NewsletterDeps = {
    subscribe: async (email) => {
      log.push(`call:${email}`);
      return subscribe(email);
    },
    setStatus: (s) => log.push(`status:${s}`),
    clearEmail: () => log.push('clear'),
    toastError: (m) => log.push(`error:${m}`),
    toastSuccess: (m) => log.push(`success:${m}`),
    messageOf: (e) => (e as { data?: { message?: string } })?.data?.message,
  };
  return { log, deps };
}

describe('newsletter states', () => {
  it('goes idle → submitting → idle, thanks the subscriber and clears the field', async () => {
    const { log, deps } = harness(async () => ({ message: 'Thank you for subscribing!' }));
    expect(await submitNewsletter(' ann@example.com ', deps)).toBe('subscribed');
    expect(log).toEqual(['status:submitting', 'call:ann@example.com', 'success:Thank you for subscribing!', 'clear', 'status:idle']);
  });

  it('stops before any call on an empty or malformed address', async () => {
    const empty = harness(async () => ({}));
    expect(await submitNewsletter('', empty.deps)).toBe('invalid');
    expect(empty.log).toEqual(['error:please enter a valid email address']);
    const bad = harness(async () => ({}));
    expect(await submitNewsletter('ann@example', bad.deps)).toBe('invalid');
    expect(bad.log).toEqual(['error:Please enter a valid email address']);
  });

  it('shows the server message, or the fallback, and keeps the field on failure', async () => {
    const withMessage = harness(async () =>
      Promise.reject(Object.assign(new Error('Bad Request'), { status: 400, data: { message: 'Please enter a valid email address' } })),
    );
    expect(await submitNewsletter('ann@example.com', withMessage.deps)).toBe('failed');
    expect(withMessage.log).toEqual(['status:submitting', 'call:ann@example.com', 'error:Please enter a valid email address', 'status:idle']);
    const network = harness(async () =>
      Promise.reject(Object.assign(new Error('Failed to fetch'), { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })),
    );
    await submitNewsletter('ann@example.com', network.deps);
    expect(network.log).toContain('error:Subscription failed. Please try again.');
    expect(network.log).not.toContain('clear');
  });
});
