import { describe, expect, it } from 'vitest';
import { checkGroups, sameGroups, textOf, wordsOf } from './synonyms';

describe('synonym groups', () => {
  it('reads a group as words or phrases between commas, trimmed, lower-cased and each once', () => {
    expect(wordsOf(' Tee, T-Shirt ,, tshirt, tee ')).toEqual(['tee', 't-shirt', 'tshirt']);
    expect(wordsOf('pull  over,  jumper')).toEqual(['pull over', 'jumper']);
    expect(wordsOf(' , ')).toEqual([]);
    expect(textOf(['tee', 't-shirt'])).toBe('tee, t-shirt');
  });

  it('saves the groups with words and drops emptied ones', () => {
    const checked = checkGroups([
      { key: 1, text: 'tee, t-shirt' },
      { key: 2, text: '  ' },
      { key: 3, text: 'Trainers, sneakers, Running Shoes' },
    ]);
    expect(checked.errors.size).toBe(0);
    expect(checked.groups).toEqual([
      ['tee', 't-shirt'],
      ['trainers', 'sneakers', 'running shoes'],
    ]);
  });

  it('refuses a group of one word and a word that is already in another group, naming that group', () => {
    const checked = checkGroups([
      { key: 7, text: 'jumper, sweater' },
      { key: 8, text: 'hoodie' },
      { key: 9, text: 'pullover, Sweater' },
    ]);
    expect(checked.errors.get(7)).toBeUndefined();
    expect(checked.errors.get(8)).toBe('A group needs at least two words or phrases.');
    expect(checked.errors.get(9)).toBe('“sweater” is already in group 1.');
  });

  it('refuses what the API refuses: a word over 40 characters, more than 20 in a group', () => {
    expect(checkGroups([{ key: 1, text: `tee, ${'x'.repeat(41)}` }]).errors.get(1)).toMatch(/longer than 40 characters/);
    expect(checkGroups([{ key: 1, text: `tee, ${'x'.repeat(40)}` }]).errors.size).toBe(0);
    const many = Array.from({ length: 21 }, (_, i) => `word${i}`).join(', ');
    expect(checkGroups([{ key: 1, text: many }]).errors.get(1)).toBe('A group can have at most 20 words or phrases.');
  });

  it('tells a change from the saved groups', () => {
    expect(sameGroups([['tee', 't-shirt']], [['tee', 't-shirt']])).toBe(true);
    expect(sameGroups([['tee', 't-shirt']], [['t-shirt', 'tee']])).toBe(false);
    expect(sameGroups([], [['tee', 't-shirt']])).toBe(false);
  });
});
