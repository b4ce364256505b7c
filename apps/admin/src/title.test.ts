import { describe, expect, it } from 'vitest';
import { consoleTitle } from './title';

describe('consoleTitle', () => {
  it('names the shop', () => {
    expect(consoleTitle('Threadline')).toBe('Threadline admin console');
  });
});
