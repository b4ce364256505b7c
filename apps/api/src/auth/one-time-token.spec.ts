import { hashOneTimeToken, looksLikeOneTimeToken, newOneTimeToken } from './one-time-token';

describe('one-time tokens', () => {
  it('are 32 random bytes in base64url, different every time', () => {
    const a = newOneTimeToken();
    const b = newOneTimeToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(looksLikeOneTimeToken(a)).toBe(true);
  });

  it('are stored as a SHA-256 hash that does not contain the token', () => {
    const token = newOneTimeToken();
    const hash = hashOneTimeToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashOneTimeToken(token));
    expect(hash).not.toContain(token);
  });

  it('refuses path values that cannot be tokens', () => {
    for (const bad of ['', 'short', 'a'.repeat(44), `${'a'.repeat(42)}$`, '{"$ne":null}']) expect(looksLikeOneTimeToken(bad)).toBe(false);
  });
});
